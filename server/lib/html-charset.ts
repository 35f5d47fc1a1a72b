import { isAscii, isUtf8 } from 'node:buffer';
import { decodeBuffer } from 'encoding-sniffer';
import { ResultType, Sniffer } from 'encoding-sniffer/sniffer';

/**
 * Decodes an HTML document's bytes the way a browser picks the encoding (WHATWG sniffing via
 * encoding-sniffer): a BOM first, then the transport's `charset` (the HTTP Content-Type), then a
 * `<meta>` charset in the first 1024 bytes. Two departures, both for documents that lie:
 * - a `<meta>` declaration is overruled by UTF-8 when the bytes are valid UTF-8 with non-ASCII
 *   characters (pages saved or re-served as UTF-8 that still declare windows-1251 or gb2312; by
 *   chance, legacy-encoded text is almost never valid UTF-8);
 * - with nothing declared, UTF-8 when the bytes are valid UTF-8, else windows-1252.
 * Labels WHATWG does not know count as undeclared; invalid sequences decode to U+FFFD.
 */
export function decodeHtml(
  bytes: Uint8Array,
  options: { transportCharset?: string | null } = {},
): { encoding: string; text: string } {
  const sniffer = new Sniffer({
    transportLayerEncodingLabel: options.transportCharset ?? undefined,
  });
  sniffer.write(bytes);
  // The WHATWG "replacement" encoding (labels like iso-2022-kr) would decode the whole document to
  // a single U+FFFD and its decoder refuses to be built; treat it as undeclared.
  const usable = sniffer.encoding !== 'replacement';
  const fromMeta = sniffer.resultType === ResultType.META_TAG;
  const declared = usable && sniffer.resultType !== ResultType.DEFAULT;
  let encoding: string;
  if (declared && !(fromMeta && isUtf8(bytes) && !isAscii(bytes))) encoding = sniffer.encoding;
  else encoding = isUtf8(bytes) ? 'UTF-8' : 'windows-1252';
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { encoding, text: decodeBuffer(view, { userEncoding: encoding }) };
}
