/**
 * The one HTML allow-list for everything from outside or from the LLM (docs/design.md §10): feeds, scraped pages,
 * model output. YouTube embeds are the only frames.
 */
import sanitizeHtml from 'sanitize-html';

/** YouTube's embed players are the only frames a page may show (docs/design.md §10). */
const YOUTUBE_EMBED = /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(\?[^"'<>\s]*)?$/;

export const isYouTubeEmbed = (src: string | undefined): boolean => !!src && YOUTUBE_EMBED.test(src);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'em',
    'b',
    'i',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'iframe',
  ],
  // No event handlers and no style anywhere: only these attributes survive.
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com'],
  allowIframeRelativeUrls: false,
  // A link the LLM or a feed adds must not pass page rank or get a handle on the opener.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener nofollow' } }),
  },
  // Host allow-listing alone would keep http:// and non-embed YouTube pages; frames must be embeds.
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !isYouTubeEmbed(frame.attribs.src)) ||
    (frame.tag === 'img' && !frame.attribs.src),
};
// rel is set by transformTags above, after attribute filtering would have dropped it.
(OPTIONS.allowedAttributes as Record<string, string[]>).a.push('rel');

/** The HTML a Pulse page may show, from any untrusted HTML (a feed's body, an LLM's output). */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Text content only, for checks that read words (glossary) rather than markup. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
