import { useEffect } from 'react';
import { COPY } from '../copy';

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute('name', name);
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * docs/spec-content.md §2: the page title is the analysis title plus the site suffix, the description meta its
 * summary, the keywords meta its SEO keywords. What was there before comes back when the page is left.
 */
export function useDocumentMeta(
  meta: { title: string; description: string; keywords: readonly string[] } | null,
) {
  const title = meta?.title;
  const description = meta?.description;
  const keywords = meta?.keywords.join(', ');
  useEffect(() => {
    if (title === undefined) return;
    const previousTitle = document.title;
    const descriptionTag = metaTag('description');
    const keywordsTag = metaTag('keywords');
    const previous = [descriptionTag.getAttribute('content'), keywordsTag.getAttribute('content')];
    document.title = `${title} | ${COPY.siteSuffix}`;
    descriptionTag.setAttribute('content', description ?? '');
    keywordsTag.setAttribute('content', keywords ?? '');
    return () => {
      document.title = previousTitle;
      const restore = (tag: HTMLMetaElement, value: string | null) =>
        value === null ? tag.removeAttribute('content') : tag.setAttribute('content', value);
      restore(descriptionTag, previous[0]);
      restore(keywordsTag, previous[1]);
    };
  }, [title, description, keywords]);
}
