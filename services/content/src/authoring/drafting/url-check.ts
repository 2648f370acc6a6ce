/** Links and media in markup, and bare URLs in text: every way an output can point somewhere. */
const ATTRIBUTE_URL = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s"'<>()[\]{}]+/gi;

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

/** One spelling per address, so 'https://Example.com/a/' and 'https://example.com/a' compare equal. */
export function urlKey(raw: string): string {
  try {
    const url = new URL(raw.startsWith('www.') ? `https://${raw}` : raw);
    url.hash = '';
    return `${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return raw; // relative or malformed: compared as written, so it counts as added unless the source has it
  }
}

/**
 * URLs in `outputTexts` that none of `sourceTexts` contains. A draft has no reason to add one, and a
 * link that appears from nowhere is how a prompt injection in a collected article would reach readers.
 */
export function findAddedUrls(outputTexts: readonly string[], sourceTexts: readonly string[]): string[] {
  const known = new Set(sourceTexts.flatMap(extractUrls).map(urlKey));
  return outputTexts.flatMap(extractUrls).filter((url) => !known.has(urlKey(url)));
}
