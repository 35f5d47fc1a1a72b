/**
 * Logs a failure the user is not told about (PRODUCT.md#messages: logout, link metadata, fetch
 * failures are "only logged"). The one sanctioned console use in the web app.
 */
export function logError(context: string, error: unknown): void {
  // eslint-disable-next-line no-console
  console.error(`[nestmark] ${context}`, error);
}
