/**
 * Atom 1.0 (RFC 4287). Text constructs (title, summary, content) say how to read them: type="text" is
 * plain, "html" is escaped HTML, "xhtml" is inline markup wrapped in a div — which is why xml.ts keeps these
 * elements raw and this file decodes them according to their type.
 */
import { readEach, type RawItem, type Rejected } from './normalise';
import {
  attr,
  child,
  children,
  decodeXmlText,
  firstText,
  rawContent,
  text,
  type XmlNode,
  type XmlValue,
} from './xml';

export function readAtom(
  root: XmlNode,
  feedUrl: string,
  rejected: Rejected,
): { items: RawItem[]; baseUrl: string } | string {
  const feed = child(root, 'feed');
  if (!feed) return 'Atom document without a <feed>';
  const baseUrl = withBase(feedUrl, attr(feed, 'xml:base'));
  const feedAuthor = authorOf(feed);
  const items = readEach(children(feed, 'entry'), (entry) => readEntry(entry, baseUrl, feedAuthor), rejected);
  return { items, baseUrl };
}

function readEntry(entry: XmlValue, feedBase: string, feedAuthor: string | undefined): RawItem {
  // An entry's own xml:base overrides the feed's; links are then resolved against it.
  const base = withBase(feedBase, attr(entry, 'xml:base'));
  const title = textConstruct(child(entry, 'title'));
  const summary = textConstruct(child(entry, 'summary'));
  const content = child(entry, 'content');
  const body = attr(content, 'src') ? undefined : textConstruct(content);
  const links = children(entry, 'link');
  const alternate =
    links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate' && isHtmlType(attr(l, 'type'))) ??
    links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate');
  const enclosureImage = links.find(
    (l) => attr(l, 'rel') === 'enclosure' && attr(l, 'type')?.startsWith('image/'),
  );
  const id = firstText(entry, 'id');
  return {
    title: title?.value,
    titleIsHtml: title ? title.isHtml : undefined,
    link: absolute(attr(alternate, 'href'), base) ?? (id && /^https?:/i.test(id) ? id : undefined),
    guid: id,
    author: authorOf(entry) ?? feedAuthor,
    published: firstText(entry, 'published', 'updated'),
    summaryHtml: summary?.isHtml ? summary.value : undefined,
    summaryText: summary && !summary.isHtml ? summary.value : undefined,
    bodyHtml: body ? (body.isHtml ? body.value : escapeHtml(body.value)) : undefined,
    imageUrl:
      attr(child(entry, 'media:thumbnail'), 'url') ??
      attr(child(child(entry, 'media:group'), 'media:thumbnail'), 'url') ??
      absolute(attr(enclosureImage, 'href'), base),
    extraText: links.map((l) => attr(l, 'href') ?? ''),
  };
}

function isHtmlType(type: string | undefined): boolean {
  return !type || type === 'text/html' || type === 'application/xhtml+xml';
}

/** A text construct's value and whether it is HTML. xml.ts left these raw, so decoding happens here. */
function textConstruct(node: XmlValue): { value: string; isHtml: boolean } | undefined {
  if (node === undefined) return undefined;
  const raw = rawContent(node);
  const type = (attr(node, 'type') ?? 'text').toLowerCase();
  if (type === 'xhtml') return { value: unwrapXhtmlDiv(raw), isHtml: true };
  const value = decodeXmlText(raw).trim();
  return { value, isHtml: type === 'html' || type === 'text/html' };
}

/** RFC 4287 §3.1.1.3: xhtml content is one div whose children are the content. */
function unwrapXhtmlDiv(raw: string): string {
  const m = /^\s*<(?:[\w.-]+:)?div\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?div>\s*$/i.exec(raw);
  return (m ? m[1] : raw).trim();
}

function authorOf(node: XmlValue): string | undefined {
  const names = children(node, 'author')
    .map((author) => text(child(author, 'name')).trim())
    .filter(Boolean);
  return names.length ? names.join(', ') : undefined;
}

/** xml:base only ever moves the base to another http(s) URL; anything else is ignored. */
function withBase(base: string, xmlBase: string | undefined): string {
  const resolved = absolute(xmlBase, base);
  return resolved && /^https?:\/\//i.test(resolved) ? resolved : base;
}

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href;
  }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n{2,}/g, '<br><br>');
}
