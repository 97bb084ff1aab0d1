import { useEffect } from 'react';

/** Sets the tab title to "<title> · Tessera". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Tessera` : 'Tessera';
  }, [title]);
}
