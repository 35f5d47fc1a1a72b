import { describe, expect, it, vi } from 'vitest';
import { dominantColor, normalizeUpload, NotAnImageError } from './images.ts';

// sharp loads with the first image (images.ts): here it cannot be loaded at all. Vitest wraps the
// loading error in one of its own, with the original as its cause.
vi.mock('sharp', () => {
  throw new Error('sharp could not be loaded');
});
const loadingError = { cause: { message: 'sharp could not be loaded' } };

describe('images when sharp cannot be loaded', () => {
  it('rejects with the loading error, not as a file that is not an image', async () => {
    const error: unknown = await normalizeUpload(Buffer.from('GIF89a')).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NotAnImageError);
    expect(error).toMatchObject(loadingError);
  });

  it('rejects where a broken image gives no colour', async () => {
    await expect(dominantColor(Buffer.from('GIF89a'))).rejects.toMatchObject(loadingError);
  });
});
