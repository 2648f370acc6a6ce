import type { PageDescription } from '@pulse/contracts';
import { escapeHtml } from './text';

/**
 * JSON inside a <script> element ends at the first '</script'; escaping '<' (and the line separators
 * old parsers choke on) keeps any text a page carries inside the block.
 */
export const serializeJsonLd = (data: object): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * The head a page described (@pulse/contracts PageDescription) as tags: the title, the description, robots
 * and canonical link, Open Graph and Twitter cards, keywords, the article block and the structured data.
 * Every value escaped, nothing executable; the words are the page's own, none of them the gateway's.
 */
export function renderHead(page: PageDescription): string {
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    meta('name', 'robots', page.robots),
    `<link rel="canonical" href="${escapeHtml(page.canonical)}">`,
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:locale', 'ko_KR'),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.canonical),
    meta('property', 'og:image', page.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image),
  ];
  if (page.preloadImage)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(page.preloadImage)}" fetchpriority="high">`);
  if (page.keywords?.length) tags.push(meta('name', 'keywords', page.keywords.join(', ')));
  if (page.article) {
    tags.push(meta('property', 'article:published_time', page.article.publishedTime));
    if (page.article.modifiedTime)
      tags.push(meta('property', 'article:modified_time', page.article.modifiedTime));
    if (page.article.section) tags.push(meta('property', 'article:section', page.article.section));
    for (const tag of page.article.tags) tags.push(meta('property', 'article:tag', tag));
  }
  for (const data of page.jsonLd)
    tags.push(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`);
  return tags.join('');
}
