import { describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import { postEndpoints } from '../../contract/posts.ts';
import {
  createApiClient,
  describeFailure,
  errorOfResponse,
  ExtensionApiError,
} from './api-client.ts';

const settings = { serverUrl: 'https://nest.example.org', token: 'nm_secret' };
const SERVER = settings.serverUrl;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (code: string, message: string) => ({ error: { code, message } });

describe('errorOfResponse', () => {
  it('maps 401 to a refused token, 403 to a refusal, other API errors to their message', () => {
    expect(errorOfResponse(401, apiError('UNAUTHENTICATED', 'Session expired.'))).toMatchObject({
      failure: 'unauthenticated',
      status: 401,
    });
    expect(errorOfResponse(403, apiError('FORBIDDEN', 'Read only.'))).toMatchObject({
      failure: 'forbidden',
      message: 'Read only.',
    });
    expect(errorOfResponse(400, apiError('VALIDATION', 'Content is required.'))).toMatchObject({
      failure: 'rejected',
      message: 'Content is required.',
    });
  });

  it('takes an answer without the error envelope for another site than Nestmark', () => {
    expect(errorOfResponse(404, undefined)).toMatchObject({ failure: 'not-nestmark' });
    expect(errorOfResponse(401, { message: 'nginx says no' })).toMatchObject({
      failure: 'not-nestmark',
    });
  });
});

describe('describeFailure', () => {
  it('tells each failure with what to do about it', () => {
    const say = (failure: ExtensionApiError) => describeFailure(failure, SERVER);
    expect(say(new ExtensionApiError('unreachable', 'No answer.'))).toBe(
      `Nestmark is unreachable at ${SERVER}. Check the address and that the server is running.`,
    );
    expect(say(new ExtensionApiError('unauthenticated', 'x', 401))).toMatch(
      /^The server refused the token: it is wrong, expired or revoked\./,
    );
    expect(say(new ExtensionApiError('forbidden', 'This token may only read.', 403))).toBe(
      'The token may not do this: This token may only read.',
    );
    expect(say(new ExtensionApiError('not-nestmark', 'The server answered 404.', 404))).toBe(
      `No Nestmark server answers at ${SERVER} (The server answered 404.) Check the address.`,
    );
    expect(describeFailure(new Error('boom'), SERVER)).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('createApiClient', () => {
  it('calls the endpoint on the server with the token, the query and the JSON body', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(201, { data: { id: 7 } }));
    const api = createApiClient(settings, fetchMock);
    await expect(
      api(postEndpoints.create, { body: { content: 'https://example.org/' } }),
    ).resolves.toEqual({ data: { id: 7 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${SERVER}/api/posts`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      body: JSON.stringify({ content: 'https://example.org/' }),
      headers: { authorization: 'Bearer nm_secret', 'content-type': 'application/json' },
    });
  });

  it('fails as unreachable when no answer comes, and by status when the API refuses', async () => {
    const offline = createApiClient(settings, async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline(authEndpoints.me)).rejects.toMatchObject({ failure: 'unreachable' });
    const refusing = createApiClient(settings, async () =>
      json(401, apiError('UNAUTHENTICATED', 'Missing or invalid credentials.')),
    );
    await expect(refusing(authEndpoints.me)).rejects.toMatchObject({
      failure: 'unauthenticated',
    });
  });

  it('fails as not Nestmark when a success is not JSON with data (a web page there)', async () => {
    const api = createApiClient(settings, async () => new Response('<html></html>'));
    await expect(api(authEndpoints.me)).rejects.toMatchObject({ failure: 'not-nestmark' });
  });
});
