import { useEffect } from 'react';

/** PRODUCT.md#layout-shell: the browser tab shows the product name followed by the page title. */
function documentTitle(pageTitle: string): string {
  return pageTitle ? `Nestmark - ${pageTitle}` : 'Nestmark';
}

/** Sets the browser tab title for as long as the calling page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
