/**
 * Just enough XML writing for the feeds: every text and attribute value goes through `escapeXml`, which
 * also drops what XML 1.0 cannot carry at all. No CDATA: escaping '>' makes ']]>' harmless anyway.
 */

/**
 * Characters XML 1.0 forbids (C0 controls other than tab, newline and return; lone surrogates; U+FFFE,
 * U+FFFF) and the C1 controls it discourages. A feed reader rejects a whole feed over one of them.
 */
const NOT_XML = /[^\t\n\r\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text with the characters no feed may contain removed (also used for the JSON Feed). */
export const cleanText = (value: string): string => value.replace(NOT_XML, '');

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe as element text and as a (double- or single-quoted) attribute value. */
export const escapeXml = (value: string): string => cleanText(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);

export type Attributes = Readonly<Record<string, string | undefined>>;

const attributes = (attrs: Attributes): string =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');

/** An element around already-written XML (`children`); empty children give a self-closing tag. */
export const element = (
  name: string,
  attrs: Attributes,
  children: string | readonly string[] = '',
): string => {
  const content = typeof children === 'string' ? children : children.join('');
  return content ? `<${name}${attributes(attrs)}>${content}</${name}>` : `<${name}${attributes(attrs)}/>`;
};

/** An element holding text, escaped. */
export const textElement = (name: string, text: string, attrs: Attributes = {}): string =>
  `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A whole document: the declaration, then the root element. */
export const xmlDocument = (root: string): string => `${XML_DECLARATION}${root}\n`;
