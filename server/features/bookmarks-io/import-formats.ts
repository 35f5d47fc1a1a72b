import type { ImportFormat, ImportInput } from './import-format.ts';
import { chromeJsonFormat } from './formats/chrome-json.format.ts';
import { deliciousJsonFormat } from './formats/delicious-json.format.ts';
import { firefoxJsonFormat } from './formats/firefox-json.format.ts';
import { instapaperCsvFormat } from './formats/instapaper-csv.format.ts';
import { linkwardenJsonFormat } from './formats/linkwarden-json.format.ts';
import { netscapeFormat } from './formats/netscape.format.ts';
import { pinboardJsonFormat } from './formats/pinboard-json.format.ts';
import { pocketCsvFormat } from './formats/pocket-csv.format.ts';
import { pocketHtmlFormat } from './formats/pocket-html.format.ts';

/**
 * Every import format, in the order detection tries them: the specific ones first, the Netscape
 * bookmark file last, as it takes any file that is not JSON.
 */
export const importFormats: readonly ImportFormat[] = [
  chromeJsonFormat,
  firefoxJsonFormat,
  linkwardenJsonFormat,
  pinboardJsonFormat,
  deliciousJsonFormat,
  pocketCsvFormat,
  instapaperCsvFormat,
  pocketHtmlFormat,
  netscapeFormat,
];

/** The format of an uploaded file, by content; undefined for JSON that no format knows. */
export function detectImportFormat(input: ImportInput): ImportFormat | undefined {
  return importFormats.find((format) => format.detect(input));
}
