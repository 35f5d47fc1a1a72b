import { apiErrorSchema, type ApiErrorBody } from '../../contract/common.ts';
import {
  endpointUrl,
  type Endpoint,
  type EndpointCallParts,
  type EndpointResponse,
  type UrlValues,
} from '../../contract/endpoint.ts';
import type { TestApp, TestResponse } from './test-app.ts';

/** A file for an `upload` endpoint, sent as the multipart field `file`. */
export interface TestFile {
  name: string;
  bytes: Buffer;
  /** Default `application/octet-stream`. */
  contentType?: string;
}

/**
 * What `t.call` takes: the endpoint's declared `params`, `query` and `body` (typed by the
 * contract, each required when it has a required field), `token` (sent as Bearer: a session's
 * access token or a public share token), extra `headers`, and for an `upload` endpoint its `file`.
 */
export type CallInput<E extends Endpoint> = EndpointCallParts<E> & {
  token?: string;
  headers?: Record<string, string>;
} & (E['upload'] extends true ? { file: TestFile } : { file?: never });

/** The arguments after the endpoint: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * The answer to `t.call`. `body` is the success JSON typed by the contract; reading it when the
 * status is not the endpoint's success status throws, naming the call, the status and the text, so
 * a test that expected success fails with the server's reason. `error` is the error envelope's
 * `error` (checked against the contract's `apiErrorSchema`) for a 4xx or 5xx, else undefined.
 */
export class CallResponse<E extends Endpoint> {
  readonly status: number;
  readonly headers: TestResponse['headers'];
  readonly text: string;
  /** The body as bytes (downloads, images). */
  readonly bytes: Buffer;
  readonly error: ApiErrorBody['error'] | undefined;
  readonly #body: unknown;
  readonly #call: string;
  readonly #successStatus: number;

  constructor(endpoint: E, url: string, response: TestResponse) {
    this.status = response.status;
    this.headers = response.headers;
    this.text = response.text;
    this.bytes = response.bytes;
    this.#call = `${endpoint.method} ${url}`;
    this.#successStatus = endpoint.status;
    this.#body = response.body;
    this.error = undefined;
    if (response.status >= 400) {
      const envelope = apiErrorSchema.safeParse(response.body);
      if (!envelope.success) {
        throw new Error(
          `${this.#call} answered ${response.status} without the error envelope: ${response.text}`,
        );
      }
      this.error = envelope.data.error;
    }
  }

  /** The success JSON (`undefined` for 204 and downloads); throws for any other status. */
  get body(): EndpointResponse<E> {
    if (this.status !== this.#successStatus) {
      throw new Error(
        `${this.#call} answered ${this.status}, not ${this.#successStatus}: ${this.text}`,
      );
    }
    return this.#body as EndpointResponse<E>;
  }
}

/**
 * Calls one contract endpoint through `request` (`TestApp.request`): the URL from the endpoint's
 * path and the given params and query (`endpointUrl`, the web client's rule), its method, the body
 * as JSON or the `file` as multipart. The response is not checked against the contract's response
 * schema here: the test app runs with `strictResponses`, so a response that breaks the contract is
 * already a 500 (server/http/serializer.ts).
 *
 * Use `t.call` for every well-formed call of a contract endpoint, so that a renamed field breaks
 * the test at compile time. Keep `t.request` for what the contract cannot express: deliberately
 * malformed input (wrong types, unknown fields, raw or invalid JSON payloads, hand-made
 * multipart), and routes outside the contract (the web app, static files); say why where it is
 * not obvious.
 */
export function createCall(request: TestApp['request']) {
  return async function call<E extends Endpoint>(
    endpoint: E,
    ...[input]: CallArgs<E>
  ): Promise<CallResponse<E>> {
    const parts = (input ?? {}) as {
      params?: UrlValues;
      query?: UrlValues;
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      file?: TestFile;
    };
    const url = endpointUrl(endpoint, parts.params, parts.query);
    const upload = parts.file && multipartFile(parts.file.name, parts.file.bytes, parts.file);
    const response = await request(endpoint.method, url, {
      token: parts.token,
      headers: { ...upload?.headers, ...parts.headers },
      body: parts.body,
      payload: upload?.payload,
    });
    return new CallResponse(endpoint, url, response);
  };
}

/**
 * A `multipart/form-data` body with one file in `field` (default `file`), for `request`'s
 * `payload` and `headers`.
 */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  options: { field?: string; contentType?: string } = {},
) {
  const boundary = '----nestmark-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
