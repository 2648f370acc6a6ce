import { SITE_NAME, SITE_TITLE } from './static-pages';
import { escapeHtml, SEO_DESCRIPTION_LENGTH, truncateText } from './text';

export interface PageHead {
  /** Without the site suffix; empty for the site's own title. */
  title: string;
  description: string;
  /** Path (and query, for search) of the page's one canonical URL. */
  canonicalPath: string;
  robots: string;
  ogType: 'website' | 'article';
  /** Absolute URL. */
  image: string;
  keywords?: readonly string[];
  article?: { publishedTime: string; modifiedTime?: string; section?: string; tags: readonly string[] };
  /** Structured data, one application/ld+json block each. */
  jsonLd: readonly object[];
  /**
   * The page's largest image when its markup is in the document (server-rendered): fetched at once, before
   * the stylesheet and scripts, as the <img> will ask for it (same URL; the page shows it at one size).
   */
  preloadImage?: string;
}

export const TITLE_SUFFIX = ` | ${SITE_NAME}`;
export const INDEX_FOLLOW = 'index, follow';

/**
 * JSON inside a <script> element ends at the first '</script'; escaping '<' (and the line separators
 * old parsers choke on) keeps any text an article carries inside the block.
 */
export const serializeJsonLd = (data: object): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The server-rendered head (docs/spec-content.md §1, §9; docs/design.md §8): every value escaped, nothing executable. */
export function renderHead(head: PageHead, siteUrl: string): string {
  const title = head.title ? `${head.title}${TITLE_SUFFIX}` : SITE_TITLE;
  const description = truncateText(head.description, SEO_DESCRIPTION_LENGTH);
  const url = `${siteUrl}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', head.robots),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'ko_KR'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', head.image),
  ];
  if (head.preloadImage)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high">`);
  if (head.keywords?.length) tags.push(meta('name', 'keywords', head.keywords.join(', ')));
  if (head.article) {
    tags.push(meta('property', 'article:published_time', head.article.publishedTime));
    if (head.article.modifiedTime)
      tags.push(meta('property', 'article:modified_time', head.article.modifiedTime));
    if (head.article.section) tags.push(meta('property', 'article:section', head.article.section));
    for (const tag of head.article.tags) tags.push(meta('property', 'article:tag', tag));
  }
  for (const data of head.jsonLd)
    tags.push(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`);
  return tags.join('');
}
