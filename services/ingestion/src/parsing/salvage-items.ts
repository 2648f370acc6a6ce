/**
 * Reading a feed whose XML is malformed in some items only. The XML check is all or nothing, so one item
 * with an unclosed tag or an unquoted attribute used to cost the whole feed. When the document as a whole
 * fails, it is cut into its items (the `<item>` or `<entry>` elements) and the feed around them: if that
 * frame parses on its own, each item is parsed inside the real frame (namespaces, xml:base and the feed's
 * author all apply as usual), and an item that still fails is dropped with why and where.
 */
import { cap, collapse, PARSE_LIMITS, type Rejected } from './normalise';
import { decodeXmlText, parseXml, stripBom, type XmlNode } from './xml';

/** Above this, the frame is too large to re-parse once per item (a hostile document): refused as before. */
const FRAME_CHARS_MAX = 256 * 1024;

const ITEM_ELEMENT = { rss2: 'item', rss1: 'item', atom: 'entry' } as const;
export type XmlFeedFormat = keyof typeof ITEM_ELEMENT;

/** One item that parsed inside the frame: the whole document's tree with only that item in it. */
export type SalvagedRoots = XmlNode[];

/**
 * The trees of the items that parse, one document per item; the others are added to `rejected`. Null when
 * the frame itself is broken (truncated, a broken channel): then the document's own error stands.
 */
export function salvageItems(input: string, format: XmlFeedFormat, rejected: Rejected): SalvagedRoots | null {
  const text = stripBom(input);
  const element = ITEM_ELEMENT[format];
  // An item element, self-closed or up to its first closing tag; '(?=[\s>/])' keeps <items> (RSS 1.0) out.
  const pattern = new RegExp(`<${element}(?=[\\s>/])(?:[^>]*?\\/>|[^>]*>[\\s\\S]*?<\\/${element}\\s*>)`, 'g');
  const chunks = [...text.matchAll(pattern)].map((match) => ({ at: match.index, xml: match[0] }));
  if (chunks.length === 0) return null;
  const first = chunks[0].at;
  const last = chunks[chunks.length - 1];
  const before = text.slice(0, first);
  const between = chunks
    .slice(1)
    .map((chunk, i) => text.slice(chunks[i].at + chunks[i].xml.length, chunk.at))
    .join('')
    .trim();
  const after = text.slice(last.at + last.xml.length);
  // Text between items is whitespace in a sound feed; anything else belongs to a broken item.
  if (between !== '' || before.length + after.length > FRAME_CHARS_MAX) return null;
  if (!parseXml(before + after).ok) return null;

  const roots: SalvagedRoots = [];
  for (const [index, chunk] of chunks.slice(0, PARSE_LIMITS.maxItems).entries()) {
    const parsed = parseXml(before + chunk.xml + after);
    if (parsed.ok) {
      roots.push(parsed.root);
      continue;
    }
    const line = text.slice(0, chunk.at).split('\n').length;
    // The position in the reason is in the item's own document; the line says where it is in the feed.
    const reason = parsed.reason.replace(/ \(line \d+, column \d+\)$/, '');
    const title = titleOf(chunk.xml);
    rejected.push({ reason: `item ${index + 1} (line ${line}): ${reason}`, ...(title ? { title } : {}) });
  }
  if (chunks.length > PARSE_LIMITS.maxItems) {
    rejected.push({
      reason: `over the cap of ${PARSE_LIMITS.maxItems} items: ${chunks.length - PARSE_LIMITS.maxItems} dropped`,
    });
  }
  return roots;
}

/** A broken item's title, as far as it can be read, so the run record names what was dropped. */
function titleOf(xml: string): string | undefined {
  const match = /<title\b[^>]*>([\s\S]*?)(?:<\/title\s*>|$)/i.exec(xml);
  if (!match) return undefined;
  const text = collapse(decodeXmlText(match[1].replace(/<!\[CDATA\[|\]\]>/g, '').replace(/<[^>]*>?/g, ' ')));
  return cap(text.replace(/<[^>]*>?/g, ''), 200) || undefined;
}
