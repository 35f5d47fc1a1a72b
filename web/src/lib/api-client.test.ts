import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { authEndpoints } from '../../../contract/auth.ts';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { ApiError, callApi } from './api-client.ts';
import { readSessionToken, writeSessionToken } from './session-token.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const token = (value: string) => ({
  data: { token: { access_token: value, token_type: 'Bearer', expire: 60 } },
});
const me = { data: { id: 1 } };

/** fetch as the API client calls it: an address and a request. */
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
const authorizationOf = (call: unknown[]) =>
  (call[1] as RequestInit).headers &&
  ((call[1] as RequestInit).headers as Record<string, string>).authorization;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  writeSessionToken('old');
});
afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('builds the URL from path parameters and query, and sends the token as Bearer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: [] }));
    await callApi(postEndpoints.list, {
      query: { collection_id: 3, withTags: true, after_id: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/posts?collection_id=3&withTags=true');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer old');
  });

  it('refreshes once on 401 and retries with the new token (API.md)', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } }))
      .mockResolvedValueOnce(json(200, token('new')))
      .mockResolvedValueOnce(json(200, me));
    await expect(callApi(authEndpoints.me)).resolves.toEqual(me);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/auth/me',
    ]);
    expect(authorizationOf(fetchMock.mock.calls[2]!)).toBe('Bearer new');
    expect(readSessionToken()).toBe('new');
  });

  it('shares one refresh between requests that fail together', async () => {
    const unauthorized = () =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } });
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      if (url === '/api/auth/refresh') return json(200, token('new'));
      return auth === 'Bearer new' ? json(200, me) : unauthorized();
    });
    await Promise.all([callApi(authEndpoints.me), callApi(authEndpoints.me)]);
    const refreshes = fetchMock.mock.calls.filter((call) => call[0] === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
  });

  it('rejects with the server’s error and forgets the token when the session is over', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } }))
      .mockResolvedValueOnce(json(401, { error: { code: 'UNAUTHENTICATED', message: 'ended' } }));
    const error = await callApi(authEndpoints.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'expired' });
    expect(readSessionToken()).toBeNull();
  });

  it('exposes field errors of a 400', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'VALIDATION',
          message: 'content: Content is required.',
          fields: { content: ['Content is required.'] },
        },
      }),
    );
    const error = (await callApi(postEndpoints.create, { body: { content: '' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(400);
    expect(error.firstFieldMessage('content')).toBe('Content is required.');
  });
});

describe('callApi with a share token', () => {
  it('sends the share token instead of the session and never refreshes on 401', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'revoked' } }),
    );
    const error = await callApi(postEndpoints.list, {
      query: {},
      bearer: 'ShareTokenShareTokenShareToken12',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authorizationOf(fetchMock.mock.calls[0]!)).toBe(
      'Bearer ShareTokenShareTokenShareToken12',
    );
    expect(readSessionToken()).toBe('old');
  });
});

describe('callApi with a download', () => {
  it('resolves to a File named as the Content-Disposition header says', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<!DOCTYPE NETSCAPE-Bookmark-file-1>', {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-disposition': 'attachment; filename="nestmark-bookmarks-2026-11-22.html"',
        },
      }),
    );
    const file = await callApi(bookmarksIoEndpoints.export, { query: { collection_id: 4 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/exports?collection_id=4');
    expect(file.name).toBe('nestmark-bookmarks-2026-11-22.html');
    expect(await file.text()).toBe('<!DOCTYPE NETSCAPE-Bookmark-file-1>');
  });
});
