import { htmlToText } from '@pulse/platform';

/**
 * The words of an article body for the search index. htmlToText alone joins adjacent paragraphs
 * ('…했다.</p><p>블록체인…' → '했다.블록체인') and leaves text HTML-escaped ('&amp;'), which would glue
 * words together and index entity names; block boundaries become spaces first and the escapes are undone.
 */

// Elements that end a run of text: a word never continues across them.
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|blockquote|pre|figure|figcaption|section|article|header|footer|aside|img|iframe)\b[^>]*>/gi;

const ESCAPES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&amp;': '&',
};

/** Plain text of sanitised article HTML, cut at a word boundary to at most `maxLength` characters. */
export function articleText(html: string, maxLength: number): string {
  const text = htmlToText(html.replace(BLOCK_TAG, ' $& ')).replace(
    /&(?:lt|gt|quot|amp|#39|#x27);/g,
    (entity) => ESCAPES[entity],
  );
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return space > maxLength * 0.8 ? cut.slice(0, space) : cut;
}
