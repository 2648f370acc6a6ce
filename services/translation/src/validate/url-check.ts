import type { ArticleCollectedPayload } from '@pulse/contracts';

/** Links and media in markup, and bare URLs in text: every way an output can point somewhere. */
const ATTRIBUTE_URL = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const BARE_URL = /\bhttps?:\/\/[^\s"'<>()[\]{}]+/gi;
const YOUTUBE_ID =
  /^https?:\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com\/(?:embed\/|watch\?v=)|youtu\.be\/)([A-Za-z0-9_-]{11})/;

/** Every URL written in `text` (HTML or plain), as written, HTML entities for '&' undone. */
export function extractUrls(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(ATTRIBUTE_URL)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (value) found.add(value.replace(/&amp;/g, '&'));
  }
  for (const match of text.matchAll(BARE_URL))
    found.add(match[0].replace(/&amp;/g, '&').replace(/[.,;:!?]+$/, ''));
  return [...found];
}

/**
 * One spelling per address, so 'https://Example.com/a/' and 'https://example.com/a' compare equal; a
 * YouTube video is known by its id whatever player URL names it.
 */
export function urlKey(raw: string): string {
  const youtube = YOUTUBE_ID.exec(raw);
  if (youtube) return `youtube:${youtube[1]}`;
  try {
    const url = new URL(raw);
    url.hash = '';
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return raw; // relative or malformed: compared as written, so it counts as added unless the source has it
  }
}

/** The addresses a source names: its links, images, original articles and YouTube videos. */
export function sourceUrlKeys(source: ArticleCollectedPayload): Set<string> {
  const urls = [
    ...source.sources.flatMap((s) => [s.url, s.canonicalUrl]),
    ...(source.imageUrl ? [source.imageUrl] : []),
    ...extractUrls(source.bodyHtml),
    ...extractUrls(source.summary),
    ...extractUrls(source.title),
  ];
  const keys = new Set(urls.map(urlKey));
  for (const id of source.youtubeVideoIds) keys.add(`youtube:${id}`);
  return keys;
}

/**
 * URLs in the output that the source does not contain. A rewrite has no reason to add one, and a link
 * that appears from nowhere is how a prompt injection would reach readers, so any is held (DESIGN §5).
 */
export function findAddedUrls(outputTexts: readonly string[], source: ArticleCollectedPayload): string[] {
  const known = sourceUrlKeys(source);
  return outputTexts.flatMap(extractUrls).filter((url) => !known.has(urlKey(url)));
}
