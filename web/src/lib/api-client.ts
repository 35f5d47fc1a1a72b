import { authEndpoints } from '../../../contract/auth.ts';
import type { ApiErrorBody } from '../../../contract/common.ts';
import {
  endpointUrl,
  type Endpoint,
  type EndpointCallParts,
  type EndpointResponse,
  type UrlValues,
} from '../../../contract/endpoint.ts';
import { reportServerReached } from './connectivity.ts';
import { fileNameFromDisposition } from './download.ts';
import { clearSessionToken, readSessionToken, writeSessionToken } from './session-token.ts';

/** A failed API call: HTTP status plus the server's `{ error: { code, message, fields } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message of `field`, else the first field message, else the message. */
  firstFieldMessage(field?: string): string {
    const messages = field ? this.fields[field] : Object.values(this.fields)[0];
    return messages?.[0] ?? this.message;
  }
}

type CallInput<E extends Endpoint> = EndpointCallParts<E> & {
  file?: File | Blob;
  fileName?: string;
  signal?: AbortSignal;
  /** A public share token to send instead of the session (PRODUCT.md#public-view). */
  bearer?: string;
};

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as ApiErrorBody;
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  } catch {
    return new ApiError(response.status, 'INTERNAL', `Error ${response.status}`);
  }
}

function send(endpoint: Endpoint, input: Record<string, unknown>, token: string | null) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (endpoint.upload && input.file) {
    const form = new FormData();
    form.append('file', input.file as Blob, (input.fileName as string | undefined) ?? 'upload');
    body = form;
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  const request = fetch(
    endpointUrl(
      endpoint,
      input.params as UrlValues | undefined,
      input.query as UrlValues | undefined,
    ),
    { method: endpoint.method, headers, body, signal: input.signal as AbortSignal | undefined },
  );
  // A rejected fetch (not an abort) means no network or no server: the app says it is offline.
  request.then(
    () => reportServerReached(true),
    (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        reportServerReached(false);
      }
    },
  );
  return request;
}

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the stored token for a new one (API.md); concurrent callers share one request. Resolves
 * to the new token, or null (and forgets the old one) when the session is over.
 */
function refreshSession(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const response = await send(authEndpoints.refresh, {}, readSessionToken());
      if (!response.ok) {
        clearSessionToken();
        return null;
      }
      const body = (await response.json()) as EndpointResponse<typeof authEndpoints.refresh>;
      writeSessionToken(body.data.token.access_token);
      return body.data.token.access_token;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Calls one contract endpoint: path parameters, query and JSON body (or the `file` of an upload)
 * typed by the contract, the stored token as Bearer (or `bearer`, a share token). A 401 is retried
 * once after a refresh of the session (API.md). Resolves to the JSON body, or to a download as a
 * File named as the server says (Content-Disposition); rejects with ApiError.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {} as CallInput<E>,
): Promise<E['download'] extends true ? File : EndpointResponse<E>> {
  const parts = input as Record<string, unknown>;
  const bearer = parts.bearer as string | undefined;
  const sentToken = bearer ?? readSessionToken();
  let response = await send(endpoint, parts, sentToken);
  if (response.status === 401 && endpoint.auth !== 'none' && bearer === undefined) {
    // Another request may have refreshed meanwhile (the old token dies at once): then retry with
    // the new token instead of refreshing again.
    const current = readSessionToken();
    const token = current !== sentToken ? current : await refreshSession();
    if (token) response = await send(endpoint, parts, token);
  }
  if (!response.ok) throw await toApiError(response);
  if (endpoint.download) {
    const name = fileNameFromDisposition(response.headers.get('content-disposition'));
    const type = response.headers.get('content-type') ?? '';
    return new File([await response.arrayBuffer()], name ?? 'download', { type }) as never;
  }
  if (response.status === 204) return undefined as never;
  return (await response.json()) as never;
}
