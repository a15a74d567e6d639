import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** Sets `<title>` to "{page} – Keyloft" while the page is shown, restoring the previous title after. */
export function useDocumentTitle(page: string | null) {
  useEffect(() => {
    const previous = document.title;
    document.title = page ? `${page} – ${PRODUCT_NAME}` : PRODUCT_NAME;
    return () => {
      document.title = previous;
    };
  }, [page]);
}
