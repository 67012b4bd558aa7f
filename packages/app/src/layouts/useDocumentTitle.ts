import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/** Each page names itself in the tab and for screen readers announcing the new page. */
export function useDocumentTitle(page?: string) {
  const { t } = useLingui();
  const product = t`Audio Transcription`;
  useEffect(() => {
    document.title = page ? `${page} · ${product}` : product;
  }, [page, product]);
}
