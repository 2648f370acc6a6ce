import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import MarkdownIt, { type PluginSimple } from 'markdown-it';
import cjkFriendly from 'markdown-it-cjk-friendly';
import type Token from 'markdown-it/lib/token.mjs';
import type { TrustLevel } from '@pulse/contracts';
import { TRUST_RULES } from '../trust/trust-levels';
import { highlightCode } from './code-highlighter';
import { allowlisted, POST_LINK_REL } from './post-html-allowlist';

/** How many rendered posts are kept: the hot questions of a day, a few MB at most. */
const MEMO_SIZE = 1000;
/** A link shown as text longer than this is cut with '…' (the whole URL stays in the href or title). */
const SHOWN_URL_MAX = 60;

export interface RenderOptions {
  /** Whether links become anchors: only for authors past 'new' (docs/abuse/trust-levels.md). */
  links: boolean;
}

const ONLY_HTTP = /^https?:\/\//i;

/**
 * The plugin's declarations name markdown-it's ES module types, ours its CommonJS ones: two copies of one
 * package's types, which TypeScript compares as different, for the same object at run time.
 */
const cjkFriendlyEmphasis = cjkFriendly as unknown as PluginSimple;

/** Whether an author at `level` gets clickable links (the trust table's rule; no level reads as 'new'). */
export const linksClickableAt = (level: TrustLevel | undefined): boolean =>
  TRUST_RULES.find((rule) => rule.level === (level ?? 'new'))?.linksClickable ?? false;

/** `example.com/path?q`, without the scheme or a leading 'www.', cut to SHOWN_URL_MAX. */
export function shownUrl(href: string, { withPath }: { withPath: boolean }): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const host = url.hostname.replace(/^www\./, '');
  const rest = withPath ? `${url.pathname === '/' ? '' : url.pathname}${url.search}` : '';
  const shown = decodeSafely(host + rest);
  return shown.length > SHOWN_URL_MAX ? `${shown.slice(0, SHOWN_URL_MAX - 1)}…` : shown;
}

const decodeSafely = (text: string): string => {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
};

function textToken(state: { Token: typeof Token }, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

/**
 * Rewrites each link of an inline run. With `links`: the anchor gets its rel and opens in a new tab; a bare
 * URL shows as its domain, a named link keeps its text and shows its domain after it, so the reader sees
 * where a link goes before following it. Without: no anchor at all, the text followed by the URL's domain
 * and path as plain text.
 */
function rewriteLinks(children: Token[], state: { Token: typeof Token }, links: boolean): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < children.length; index += 1) {
    const open = children[index];
    if (open.type !== 'link_open') {
      out.push(open);
      continue;
    }
    const close = children.findIndex((token, at) => at > index && token.type === 'link_close');
    const inner = children.slice(index + 1, close);
    const href = open.attrGet('href') ?? '';
    const bare = open.markup === 'linkify' || open.markup === 'autolink';
    index = close;
    if (links) {
      open.attrSet('rel', POST_LINK_REL);
      open.attrSet('target', '_blank');
      if (bare) {
        open.attrSet('title', href);
        out.push(open, textToken(state, shownUrl(href, { withPath: false })), children[close]);
      } else {
        const domain = new state.Token('html_inline', '', 0);
        domain.content = `<span class="md-domain">${escapeHtml(shownUrl(href, { withPath: false }))}</span>`;
        out.push(open, ...inner, children[close], textToken(state, ' '), domain);
      }
    } else if (bare) {
      out.push(textToken(state, shownUrl(href, { withPath: true })));
    } else {
      out.push(...inner, textToken(state, ` (${shownUrl(href, { withPath: true })})`));
    }
  }
  return out;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A markdown-it with raw HTML off, links only to http(s), headings kept below the page's own. */
function renderer(links: boolean): MarkdownIt {
  const md = new MarkdownIt({
    html: false,
    linkify: true,
    breaks: true,
    typographer: false,
    highlight: highlightCode,
  });
  md.linkify.set({ fuzzyEmail: false });
  // Korean puts a particle right after a closing `**`: CommonMark alone refuses to close emphasis there
  // when punctuation precedes it (`**React(리액트)**는` stayed as asterisks).
  md.use(cjkFriendlyEmphasis);
  // Images would let a post load anything from anywhere on the reader's page; tables are not needed.
  md.disable(['image', 'table']);
  md.validateLink = (url) => ONLY_HTTP.test(url.trim());
  md.core.ruler.push('pulse_post_shape', (state) => {
    for (const token of state.tokens) {
      // The page's h1 is the question's title and h2 its sections: a post's headings sit below them.
      if (token.type === 'heading_open' || token.type === 'heading_close')
        token.tag = token.tag === 'h1' || token.tag === 'h2' ? 'h3' : 'h4';
      if (token.type === 'inline' && token.children)
        token.children = rewriteLinks(token.children, state, links);
    }
  });
  return md;
}

/**
 * Posts' Markdown as HTML a page may show as is (services/community/README.md 'Markdown'). Rendered when
 * read, and memoised by text and link rule, so old posts need no migration and an author's links become
 * clickable (or not) as their trust level moves, without rewriting what was stored.
 */
@Injectable()
export class PostMarkdown {
  private readonly withLinks = renderer(true);
  private readonly withoutLinks = renderer(false);
  private readonly memo = new Map<string, string>();

  render(text: string, { links }: RenderOptions): string {
    const key = `${links ? 1 : 0}:${createHash('sha256').update(text).digest('base64url')}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) {
      // Re-inserted so the Map's order is least recently used first.
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const html = allowlisted((links ? this.withLinks : this.withoutLinks).render(text)).trim();
    this.memo.set(key, html);
    if (this.memo.size > MEMO_SIZE) this.memo.delete(this.memo.keys().next().value as string);
    return html;
  }
}
