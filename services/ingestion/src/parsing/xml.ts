/**
 * The one XML parser setup every feed format uses, built so hostile documents cannot hurt us:
 *  - a DOCTYPE that declares entities is refused outright (billion laughs, XXE), and any other DOCTYPE is
 *    cut out before parsing, so no DTD is ever processed and nothing is ever fetched or read;
 *  - fast-xml-parser's own entity handling is off (`processEntities: false`); we decode only the five
 *    predefined XML entities and numeric character references, once, ourselves;
 *  - the document is validated first, so a truncated or malformed feed is rejected with the reason instead
 *    of yielding half-parsed items.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed element: text under '#text', attributes under '@_name', children by their qualified name. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

export type XmlResult = { ok: true; root: XmlNode } | { ok: false; reason: string };

/** Elements whose content we keep as raw markup: Atom's type="xhtml" text constructs are XML, not text. */
const RAW_CONTENT_ELEMENTS = ['feed.entry.content', 'feed.entry.summary', 'feed.entry.title'];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  stopNodes: RAW_CONTENT_ELEMENTS,
});

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseXml(input: string): XmlResult {
  let text = stripBom(input);
  const doctype = findDoctype(text);
  if (doctype >= 0) {
    // Any entity declaration refuses the document: we never expand them, and a feed has no use for them.
    if (/<!ENTITY/i.test(text)) {
      return { ok: false, reason: 'DOCTYPE with entity declarations refused (entity expansion is off)' };
    }
    const stripped = removeDoctype(text, doctype);
    if (stripped === undefined) return { ok: false, reason: 'malformed XML: unterminated DOCTYPE' };
    text = stripped;
  }
  text = escapeCdata(repairBareAmpersands(text));
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return { ok: false, reason: `malformed XML: ${msg} (line ${line}, column ${col})` };
  }
  try {
    return { ok: true, root: parser.parse(text) as XmlNode };
  } catch (error) {
    return { ok: false, reason: `malformed XML: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Where the prolog's DOCTYPE starts, or -1. Only the prolog counts: a "<!DOCTYPE html>" quoted inside an
 * item's CDATA is content, and any DOCTYPE after the root element is a validation error anyway.
 */
function findDoctype(text: string): number {
  const prolog = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/.exec(text);
  const at = prolog ? prolog[0].length : 0;
  return /^<!DOCTYPE/i.test(text.slice(at, at + 9)) ? at : -1;
}

/** Cuts `<!DOCTYPE ...>`, including an internal subset (only reached when it declares no entities). */
function removeDoctype(text: string, start: number): string | undefined {
  const bracket = text.indexOf('[', start);
  const close = text.indexOf('>', start);
  if (close < 0) return undefined;
  if (bracket >= 0 && bracket < close) {
    const end = text.indexOf(']', bracket);
    const after = end < 0 ? -1 : text.indexOf('>', end);
    return after < 0 ? undefined : text.slice(0, start) + text.slice(after + 1);
  }
  return text.slice(0, start) + text.slice(close + 1);
}

/**
 * Feeds in the wild often carry a bare "&" in titles ("AT&T"). XML calls that malformed, but rejecting a
 * whole feed for it helps nobody, so an "&" that does not start a reference becomes "&amp;".
 */
function repairBareAmpersands(text: string): string {
  return text.replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{0,31});)/gi, '&amp;');
}

/**
 * CDATA sections become ordinary escaped text before parsing, so every text node has one encoding and
 * decodeXmlText is the only decoder. (Mixed text-and-CDATA content otherwise loses its order.)
 */
function escapeCdata(text: string): string {
  return text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, inner: string) =>
    inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  );
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined entities and numeric references — nothing else, and in one pass. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return XML_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '';
  });
}

// ---- Reading the parsed tree -------------------------------------------------------------------------

/** A child that may appear once or many times, always as a list. */
export function children(node: XmlValue, name: string): XmlValue[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function child(node: XmlValue, name: string): XmlValue {
  return children(node, name)[0];
}

export function isNode(value: XmlValue): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The decoded text of an element (its '#text' when it also has attributes); '' when absent. */
export function text(node: XmlValue): string {
  if (typeof node === 'string') return decodeXmlText(node);
  if (Array.isArray(node)) return text(node[0]);
  if (isNode(node)) {
    const inner = node['#text'];
    return typeof inner === 'string' ? decodeXmlText(inner) : '';
  }
  return '';
}

/** The raw (undecoded) content of a stop-node element, i.e. its inner markup. */
export function rawContent(node: XmlValue): string {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return rawContent(node[0]);
  if (isNode(node)) {
    const inner = node['#text'];
    return typeof inner === 'string' ? inner : '';
  }
  return '';
}

/** An attribute's decoded value. */
export function attr(node: XmlValue, name: string): string | undefined {
  if (!isNode(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? decodeXmlText(value) : undefined;
}

/** The first of several alternative child names that has text (e.g. 'dc:creator' then 'author'). */
export function firstText(node: XmlValue, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = text(child(node, name)).trim();
    if (value) return value;
  }
  return undefined;
}
