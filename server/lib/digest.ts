import { createHash } from 'node:crypto';

/**
 * The SHA-256 of `value` (UTF-8) as 64 lower-case hex digits: how Nestmark keeps secrets it only
 * needs to recognise (access, feed and used share tokens), keys of attempt counters and URL keys.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
