/**
 * Finding URLs a model's output adds to its source. A rewrite or a draft has no reason to add one, and a
 * link that appears from nowhere is how a prompt injection in collected text would reach readers
 * (DESIGN §5). Shared by translation (held for review) and content authoring (draft rejected).
 */

/** Links and media in markup, and bare URLs in text: every way an output can point somewhere. */
const ATTRIBUTE_URL = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s"'<>()[\]{}]+/gi;
const YOUTUBE_ID =
  /^(?:https?:\/\/)?(?:www\.)?(?:youtube(?:-nocookie)?\.com\/(?:embed\/|watch\?v=)|youtu\.be\/)([A-Za-z0-9_-]{11})/;

/** Every URL written in `text` (HTML or plain), as written, '&amp;' undone. */
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
 * One spelling per address, so 'https://Example.com/a/', 'http://example.com/a#top' compare equal and a bare
 * 'www.example.com/a' equals 'https://www.example.com/a'; a YouTube video is known by its id whatever player
 * URL names it. http and https are not told apart: a model upgrading a link points nowhere new.
 */
export function urlKey(raw: string): string {
  const youtube = YOUTUBE_ID.exec(raw);
  if (youtube) return `youtube:${youtube[1]}`;
  try {
    const url = new URL(raw.startsWith('www.') ? `https://${raw}` : raw);
    url.hash = '';
    const scheme = url.protocol === 'http:' || url.protocol === 'https:' ? '' : url.protocol;
    return `${scheme}${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return raw; // relative or malformed: compared as written, so it counts as added unless the source has it
  }
}

/** The keys of every URL written in `texts`. */
export function urlKeysIn(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap(extractUrls).map(urlKey));
}

/** URLs written in `outputTexts` whose key is not among `knownKeys` (from urlKey / urlKeysIn). */
export function findAddedUrls(outputTexts: readonly string[], knownKeys: ReadonlySet<string>): string[] {
  return outputTexts.flatMap(extractUrls).filter((url) => !knownKeys.has(urlKey(url)));
}
