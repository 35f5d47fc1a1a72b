import type sharpFactory from 'sharp';

/*
 * Every image Nestmark serves was decoded and re-encoded here by sharp: what goes out is pixels
 * we wrote, in a format we chose, never the bytes someone sent (no SVG scripts, no polyglot
 * files, no EXIF location). Inputs are checked by content, never by name or declared type.
 * The one exception is an image coming back from an account backup: written here once, it is
 * checked by content ({@link checkStoredImage}) but kept byte for byte, so that a backup
 * round trip is exact; it is served with the same protective headers as every other image.
 */

/** Formats accepted as input (sharp's names); SVG is rasterised, never served as SVG. */
const INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff', 'svg']);

/** Largest decoded image, in pixels (a decompression bomb stops here). 8K × 8K. */
const MAX_INPUT_PIXELS = 8192 * 8192;

/** Output formats and their media types. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** The input is not an image sharp can read in one of the accepted formats. */
export class NotAnImageError extends Error {
  constructor(message = 'The file is not an image (PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG).') {
    super(message);
    this.name = 'NotAnImageError';
  }
}

type Sharp = typeof sharpFactory;

/**
 * sharp, loaded with the first image rather than at start (OPERATIONS.md#start-time-and-memory:
 * it and libvips are the largest modules a process may never need). A failure to load it rejects
 * as it is, never as NotAnImageError: call this outside the `try` that turns errors into refusals.
 */
async function loadSharp(): Promise<Sharp> {
  return (await import('sharp')).default;
}

function open(sharp: Sharp, bytes: Buffer, animated = false) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
}

/** The image's format, or NotAnImageError. */
async function formatOf(sharp: Sharp, bytes: Buffer): Promise<string> {
  try {
    const { format } = await open(sharp, bytes).metadata();
    if (INPUT_FORMATS.has(format)) return format;
  } catch {
    // Not decodable: falls through to the refusal.
  }
  throw new NotAnImageError();
}

/** The extension of each format Nestmark writes into the files area (sharp's format names). */
const STORED_FORMATS: Record<string, ImageExtension> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

/**
 * Checks that `bytes` are an image of the format `extension` names, readable whole (every pixel
 * decoded, within the pixel limit): the check of uploads, for images that come back from a
 * backup and are stored as they are. @throws NotAnImageError saying what is wrong
 */
export async function checkStoredImage(bytes: Buffer, extension: ImageExtension): Promise<void> {
  const sharp = await loadSharp();
  const format = await formatOf(sharp, bytes);
  if (STORED_FORMATS[format] !== extension) {
    throw new NotAnImageError(`The file is a ${format.toUpperCase()} image, not ${extension}.`);
  }
  try {
    await open(sharp, bytes, format === 'gif' || format === 'webp').stats();
  } catch {
    throw new NotAnImageError('The image could not be read.');
  }
}

/** Editor uploads are at most this wide (PRODUCT.md#limits: 1600 px, never upscaled). */
const UPLOAD_MAX_WIDTH = 1600;

/**
 * An uploaded image made safe to serve: decoded, turned upright (EXIF orientation), at most 1600 px
 * wide, metadata stripped, re-encoded. JPEG, PNG, WebP and GIF (animation kept) stay in their
 * format; SVG becomes PNG; AVIF, HEIF and TIFF become WebP. @throws NotAnImageError
 */
export async function normalizeUpload(
  bytes: Buffer,
): Promise<{ bytes: Buffer; extension: ImageExtension }> {
  const sharp = await loadSharp();
  const format = await formatOf(sharp, bytes);
  const animated = format === 'gif' || format === 'webp';
  const pipeline = open(sharp, bytes, animated)
    .rotate()
    .resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true });
  try {
    switch (format) {
      case 'jpeg':
        return {
          bytes: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
          extension: 'jpg',
        };
      case 'png':
      case 'svg':
        return { bytes: await pipeline.png().toBuffer(), extension: 'png' };
      case 'gif':
        return { bytes: await pipeline.gif().toBuffer(), extension: 'gif' };
      default:
        return { bytes: await pipeline.webp({ quality: 85 }).toBuffer(), extension: 'webp' };
    }
  } catch {
    throw new NotAnImageError('The image could not be read.');
  }
}

/** Thumbnail size of link cards (PRODUCT.md#limits: 400 × 210). */
const THUMBNAIL = { width: 400, height: 210 } as const;

/**
 * A link card thumbnail: cropped to fill 400 × 210, WebP; the crop keeps the image's centre, or
 * with `crop` 'top' its top (a document's first page, whose title is there). @throws NotAnImageError
 */
export async function makeThumbnail(
  bytes: Buffer,
  crop: 'centre' | 'top' = 'centre',
): Promise<Buffer> {
  const sharp = await loadSharp();
  await formatOf(sharp, bytes);
  try {
    return await open(sharp, bytes)
      .rotate()
      .resize({ ...THUMBNAIL, fit: 'cover', position: crop })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('The image could not be read.');
  }
}

/** Favicons are stored at this size, for cards on high-density screens. */
const FAVICON_SIZE = 64;

/** A favicon as a 64 × 64 PNG, aspect kept on a transparent square. @throws NotAnImageError */
export async function makeFavicon(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const readable = await formatOf(sharp, bytes).catch(() => undefined);
  const source = readable ? bytes : pngInsideIco(bytes);
  if (!source) throw new NotAnImageError();
  await formatOf(sharp, source);
  try {
    return await open(sharp, source)
      .resize({
        width: FAVICON_SIZE,
        height: FAVICON_SIZE,
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png()
      .toBuffer();
  } catch {
    throw new NotAnImageError('The image could not be read.');
  }
}

/** Whether `bytes` start like a Windows icon file (reserved 0, type 1, at least one image). */
export function isIco(bytes: Buffer): boolean {
  return (
    bytes.length >= 22 &&
    bytes.readUInt16LE(0) === 0 &&
    bytes.readUInt16LE(2) === 1 &&
    bytes.readUInt16LE(4) > 0
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The largest PNG image stored inside an `.ico` file (sharp cannot read the ICO container;
 * modern icons keep PNG images in it). Undefined for ICO files holding only BMP images.
 */
function pngInsideIco(bytes: Buffer): Buffer | undefined {
  if (!isIco(bytes)) return undefined;
  let best: { size: number; png: Buffer } | undefined;
  const count = bytes.readUInt16LE(4);
  for (let i = 0; i < count && 6 + (i + 1) * 16 <= bytes.length; i++) {
    const entry = 6 + i * 16;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset + size > bytes.length) continue;
    const image = bytes.subarray(offset, offset + size);
    if (!image.subarray(0, 8).equals(PNG_SIGNATURE)) continue;
    const width = bytes[entry] || 256;
    if (!best || width > best.size) best = { size: width, png: image };
  }
  return best?.png;
}

/**
 * The dominant colour of an image as `#rrggbb`, or null when it is nearly white or nearly black
 * (a link card's coloured block then keeps its default).
 */
export async function dominantColor(bytes: Buffer): Promise<string | null> {
  const sharp = await loadSharp();
  try {
    const { dominant } = await open(sharp, bytes).flatten({ background: '#ffffff' }).stats();
    const { r, g, b } = dominant;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max < 40 || min > 225) return null;
    return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  } catch {
    return null;
  }
}
