import type { z } from 'zod';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `none`: anyone (login, health).
 * - `user`: a signed-in user with a live session (Bearer access token), or a personal access
 *   token `nm_…` of theirs (PRODUCT.md#access-tokens): a `read` one on GET requests only, a
 *   `write` one on any, except on `sessionOnly` endpoints.
 * - `user-or-share`: that, or a visitor with the token of an active public share (Bearer share
 *   token), who may only read what the share opens (PRODUCT.md#public-view).
 */
export type AuthMode = 'none' | 'user' | 'user-or-share';

/**
 * One row of the endpoint table: everything the server binds and the web client calls.
 * Schemas describe the wire format (snake_case JSON); `response` includes the `{ data }` envelope.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path as in API.md, parameters written `{name}`. */
  path: `/api/${string}`;
  summary: string;
  auth: AuthMode;
  /**
   * Managing personal access tokens, users, passwords, email addresses or the session itself:
   * refused (403) to a personal access token of either scope, open to a signed-in session only.
   */
  sessionOnly?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The request is `multipart/form-data` with the file in field `file`. */
  upload?: true;
  /** Success status; 202 when the work goes on in the background (an import job). */
  status: 200 | 201 | 202 | 204;
  /** JSON body of a success response; absent for 204 and file downloads. */
  response?: z.ZodType;
  /** The success response is a file download, not JSON. */
  download?: true;
  /**
   * An image the web app loads with `<img>`, which sends no Authorization header: the session
   * cookie `token` stands in for a Bearer access token, and `?token=` for a Bearer share token.
   */
  image?: true;
}

/** Keeps the literal types of an endpoint definition (for typed binding and typed calls). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes to an endpoint (before validation and transforms). */
export interface EndpointInput<E extends Endpoint> {
  params: InputOf<E['params']>;
  query: InputOf<E['query']>;
  body: InputOf<E['body']>;
}

/** What a handler receives after validation. */
export interface EndpointParsed<E extends Endpoint> {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
}

/** The JSON a successful call returns (`undefined` for 204 and downloads). */
export type EndpointResponse<E extends Endpoint> = OutputOf<E['response']>;

/** The parts of {@link EndpointInput} an endpoint declares (path parameters, query, body). */
type Declared<E extends Endpoint> = {
  [
    K in keyof EndpointInput<E> as EndpointInput<E>[K] extends undefined ? never : K
  ]: EndpointInput<E>[K];
};
/** Parts that must be given: those with a required field (a query of optional fields may be left out). */
type RequiredParts<T> = { [K in keyof T]: object extends T[K] ? never : K }[keyof T];

/**
 * The parts a typed caller passes to an endpoint (the web's `callApi`, the API tests' `t.call`):
 * only those it declares, each required when it has a required field.
 */
export type EndpointCallParts<E extends Endpoint> = Pick<Declared<E>, RequiredParts<Declared<E>>> &
  Partial<Declared<E>>;

/** The contract's path parameters and query fields are all scalars: ids, names, flags. */
export type UrlValues = Record<string, string | number | boolean | null | undefined>;

/**
 * The URL of a call: the endpoint's path with each `{name}` replaced by `params[name]`
 * (URI-encoded), then the query with `undefined` and `null` values left out, each value written
 * with `String` (a boolean becomes `true`/`false`), e.g. `/api/posts/3?withTags=true`.
 */
export function endpointUrl(endpoint: Endpoint, params?: UrlValues, query?: UrlValues): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
