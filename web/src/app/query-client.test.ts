import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient } from './query-client.ts';

const unauthorized = () => Promise.reject(new ApiError(401, 'unauthenticated', 'No session'));

describe('createQueryClient', () => {
  it('ends the session when a query is refused with 401', async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient(onSessionEnded);
    await expect(client.query({ queryKey: ['me'], queryFn: unauthorized })).rejects.toThrow();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('keeps the session when an anonymous query (a share token) is refused with 401', async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient(onSessionEnded);
    await expect(
      client.query({ queryKey: ['share'], queryFn: unauthorized, meta: { anonymous: true } }),
    ).rejects.toThrow();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
