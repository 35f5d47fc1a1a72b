/// <reference lib="dom" />
// PRODUCT.md#layout-shell: the theme class from local storage is applied before the first paint,
// so a dark-mode user never sees a light flash. A file, not an inline script, so the
// Content-Security-Policy allows scripts from Nestmark's own origin only (SECURITY.md).
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage disabled: the default theme it is.
}
