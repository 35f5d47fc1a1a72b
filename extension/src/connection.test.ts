import { describe, expect, it } from 'vitest';
import { testConnection } from './connection.ts';

const settings = { serverUrl: 'https://nest.example.org', token: 'nm_secret' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const me = { data: { id: 1, name: 'Ada', email: 'ada@example.org' } };
const apiError = (code: string, message: string) => ({ error: { code, message } });

/** A server answering `GET /api/auth/me` with `meAnswer` and `POST /api/posts` with `postAnswer`. */
function server(meAnswer: () => Response, postAnswer: () => Response): typeof fetch {
  return async (_url, init) => (init?.method === 'POST' ? postAnswer() : meAnswer());
}

describe('testConnection', () => {
  it('names the user when the token signs in and may write (the empty post is refused)', async () => {
    const fetchImpl = server(
      () => json(200, me),
      () => json(400, apiError('VALIDATION', 'Content is required.')),
    );
    await expect(testConnection(settings, fetchImpl)).resolves.toEqual({
      ok: true,
      message: 'Connected to https://nest.example.org as Ada.',
    });
  });

  it('tells a token that may only read', async () => {
    const fetchImpl = server(
      () => json(200, me),
      () => json(403, apiError('FORBIDDEN', 'This access token may only read.')),
    );
    await expect(testConnection(settings, fetchImpl)).resolves.toEqual({
      ok: false,
      message: 'The token signs in as Ada but may only read: create one with write access.',
    });
  });

  it('tells a refused token and an unreachable server', async () => {
    const refused = server(
      () => json(401, apiError('UNAUTHENTICATED', 'This access token has expired or was revoked.')),
      () => json(401, apiError('UNAUTHENTICATED', 'x')),
    );
    expect((await testConnection(settings, refused)).message).toMatch(
      /^The server refused the token/,
    );
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await testConnection(settings, offline)).message).toMatch(
      /^Nestmark is unreachable at https:\/\/nest\.example\.org\./,
    );
  });
});
