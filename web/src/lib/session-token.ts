/**
 * The access token, kept in the cookie `token` for 14 days, SameSite strict
 * (PRODUCT.md#local-preferences, #limits). It is sent as a Bearer header, never relied on as a
 * cookie by the server.
 */
const COOKIE = 'token';
const MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

export function readSessionToken(): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return match ? decodeURIComponent(match.slice(COOKIE.length + 1)) : null;
}

export function writeSessionToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function clearSessionToken(): void {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
