import sanitizeHtml from 'sanitize-html';

/** What every link in a post says to browsers and search engines: user content, not vouched for. */
export const POST_LINK_REL = 'nofollow ugc noopener';

/**
 * The tags, attributes and classes a rendered post may hold, and nothing else. The renderer (html:false)
 * should never make anything outside it; this pass is the second lock, so a renderer bug or a plugin
 * added later cannot put a `<script>`, an event handler, a `style` or a `javascript:`/`data:` URL on a
 * page. Links get their rel and target here again, whatever the renderer set.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h3',
    'h4',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target', 'title'],
    code: ['class'],
    span: ['class'],
    ol: ['start'],
  },
  allowedClasses: { code: ['language-*'], span: ['hljs-*', 'md-domain'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: POST_LINK_REL, target: '_blank' } }),
  },
};

/** The rendered post with everything outside the allowlist escaped as text or dropped. */
export const allowlisted = (html: string): string => sanitizeHtml(html, OPTIONS);
