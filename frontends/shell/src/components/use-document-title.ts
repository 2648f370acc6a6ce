import { useEffect } from 'react';
import { SITE } from '../copy';

/**
 * Keeps the tab title in step on client-side navigation; the gateway writes the first one into the HTML
 * (with the same suffix) for crawlers and link previews.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE.name}` : `${SITE.name} - ${SITE.tagline}`;
  }, [title]);
}
