import { htmlToText } from '../sanitise/sanitise-html';

/** Block elements: each one's text is a paragraph of its own (a list item, a heading, a quote's paragraph). */
const BLOCK_BOUNDARY =
  /<\/?(?:p|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|figure|figcaption|table|thead|tbody|tr|td|th|div|section|article|header|footer)\b[^>]*>|<br\s*\/?>/gi;

/** htmlToText leaves the text HTML-escaped; the paragraphs are plain text, escaped where they are shown. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/** The most paragraphs one side of an article keeps (the article.translated contract's bound). */
export const PARAGRAPHS_MAX = 500;

/**
 * An HTML body as its paragraphs of plain text, in order: the unit both the prompt's numbered source paragraphs
 * and the Korean side of the alignment are counted in, so the model's indexes and the check agree.
 */
export function splitParagraphs(html: string): string[] {
  return html
    .split(BLOCK_BOUNDARY)
    .map((segment) => decode(htmlToText(segment)))
    .filter((text) => text.length > 0)
    .slice(0, PARAGRAPHS_MAX);
}
