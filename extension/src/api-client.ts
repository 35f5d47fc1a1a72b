import type { ApiErrorBody } from '../../contract/common.ts';
import {
  endpointUrl,
  type Endpoint,
  type EndpointCallParts,
  type EndpointResponse,
  type UrlValues,
} from '../../contract/endpoint.ts';
import type { Settings } from './settings.ts';

/**
 * Why a call failed, in the terms the options page and the popup explain:
 * - `unreachable`: no answer (wrong address, server down, no network, or no permission to reach
 *   the host);
 * - `not-nestmark`: something answered, but not Nestmark's API (a wrong path or another site);
 * - `unauthenticated`: 401, the token is wrong, expired or revoked;
 * - `forbidden`: 403, the token or the user may not do this (a read-only token saving a post);
 * - `rejected`: any other error of the API, with its message.
 */
export type ApiFailure =
  'unreachable' | 'not-nestmark' | 'unauthenticated' | 'forbidden' | 'rejected';

/** A failed call of the extension's API client. */
export class ExtensionApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ExtensionApiError';
  }
}

/**
 * The error for an answer that is not a success: the API's error envelope
 * (ARCHITECTURE.md#wire-format) by status, or `not-nestmark` when the body is not one (`body` is
 * the parsed JSON, or undefined when it was not JSON).
 */
export function errorOfResponse(status: number, body: unknown): ExtensionApiError {
  const envelope = body as Partial<ApiErrorBody> | undefined;
  const message = envelope?.error?.message;
  if (typeof message !== 'string') {
    return new ExtensionApiError('not-nestmark', `The server answered ${status}.`, status);
  }
  if (status === 401) return new ExtensionApiError('unauthenticated', message, status);
  if (status === 403) return new ExtensionApiError('forbidden', message, status);
  return new ExtensionApiError('rejected', message, status);
}

/** What the options page and the popup say about a failed call to `serverUrl`. */
export function describeFailure(error: unknown, serverUrl: string): string {
  if (!(error instanceof ExtensionApiError)) return 'Something went wrong. Please try again.';
  switch (error.failure) {
    case 'unreachable':
      return `Nestmark is unreachable at ${serverUrl}. Check the address and that the server is running.`;
    case 'not-nestmark':
      return `No Nestmark server answers at ${serverUrl} (${error.message}) Check the address.`;
    case 'unauthenticated':
      return 'The server refused the token: it is wrong, expired or revoked. Create a new one in Nestmark.';
    case 'forbidden':
      return `The token may not do this: ${error.message}`;
    case 'rejected':
      return error.message;
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** One typed call of an endpoint of the contract, as the stored settings allow. */
export type ApiCall = <E extends Endpoint>(
  endpoint: E,
  parts?: EndpointCallParts<E>,
) => Promise<EndpointResponse<E>>;

/**
 * An API client for the server and token of `settings`: calls a contract endpoint with its path
 * parameters, query and JSON body typed by the contract, the token as Bearer. Resolves to the
 * JSON body (undefined for 204); rejects with {@link ExtensionApiError}.
 */
export function createApiClient(
  { serverUrl, token }: Settings,
  fetchImpl: typeof fetch = fetch,
): ApiCall {
  return async (endpoint, parts) => {
    const input = (parts ?? {}) as { params?: UrlValues; query?: UrlValues; body?: unknown };
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(
        `${serverUrl}${endpointUrl(endpoint, input.params, input.query)}`,
        {
          method: endpoint.method,
          headers,
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          credentials: 'omit',
        },
      );
    } catch {
      throw new ExtensionApiError('unreachable', 'No answer.');
    }
    if (!response.ok) throw errorOfResponse(response.status, await jsonOf(response));
    if (response.status === 204) return undefined as never;
    const body = await jsonOf(response);
    if (body === undefined || typeof body !== 'object' || body === null || !('data' in body)) {
      throw new ExtensionApiError('not-nestmark', 'The answer was not JSON.', response.status);
    }
    return body as never;
  };
}
