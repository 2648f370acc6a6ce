/**
 * RSS 2.0 (and the 0.9x versions it grew from): channel/item with the extensions real feeds use for the
 * body (content:encoded), the author (dc:creator) and the image (media:*, enclosure).
 */
import { readEach, type RawItem, type Rejected } from './normalise';
import { attr, child, children, firstText, text, type XmlNode, type XmlValue } from './xml';

export function readRss2(root: XmlNode, rejected: Rejected): RawItem[] | string {
  const channel = child(child(root, 'rss'), 'channel');
  if (!channel) return 'RSS document without a <channel>';
  return readEach(children(channel, 'item'), readItem, rejected);
}

function readItem(item: XmlValue): RawItem {
  const guidNode = child(item, 'guid');
  // A guid is a permalink unless isPermaLink="false" says otherwise (RSS 2.0 spec).
  const guidIsLink = attr(guidNode, 'isPermaLink')?.toLowerCase() !== 'false';
  const media = mediaUrls(item);
  return {
    title: text(child(item, 'title')),
    link: firstText(item, 'link'),
    guid: text(guidNode) || undefined,
    guidIsLink,
    author: authorName(firstText(item, 'dc:creator', 'author')),
    published: firstText(item, 'pubDate', 'dc:date'),
    summaryHtml: firstText(item, 'description'),
    bodyHtml: firstText(item, 'content:encoded'),
    imageUrl: imageOf(item),
    extraText: media,
  };
}

/** RSS <author> is "email (Name)" by the spec; the name is what readers want. */
function authorName(value: string | undefined): string | undefined {
  const m = value ? /^\S+@\S+\s*\((.+)\)\s*$/.exec(value) : null;
  return m ? m[1] : value;
}

/** media:content / media:group / media:player URLs, also searched for YouTube ids. */
function mediaUrls(item: XmlValue): string[] {
  const nodes = [
    ...children(item, 'media:content'),
    ...children(child(item, 'media:group'), 'media:content'),
    ...children(item, 'media:player'),
    ...children(child(item, 'media:group'), 'media:player'),
    ...children(item, 'enclosure'),
  ];
  return nodes.map((node) => attr(node, 'url') ?? '').filter(Boolean);
}

/** The item's image: media:thumbnail, an image media:content, an image enclosure, then itunes:image. */
export function imageOf(item: XmlValue): string | undefined {
  const thumbnail = [
    ...children(item, 'media:thumbnail'),
    ...children(child(item, 'media:group'), 'media:thumbnail'),
  ];
  const contents = [
    ...children(item, 'media:content'),
    ...children(child(item, 'media:group'), 'media:content'),
  ];
  const candidates = [
    ...thumbnail.map((node) => attr(node, 'url')),
    ...contents.filter(isImageMedia).map((node) => attr(node, 'url')),
    ...children(item, 'enclosure')
      .filter((node) => attr(node, 'type')?.startsWith('image/'))
      .map((node) => attr(node, 'url')),
    attr(child(item, 'itunes:image'), 'href'),
  ];
  return candidates.find((url): url is string => !!url);
}

function isImageMedia(node: XmlValue): boolean {
  const medium = attr(node, 'medium');
  const type = attr(node, 'type');
  if (medium) return medium === 'image';
  if (type) return type.startsWith('image/');
  return /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.test(attr(node, 'url') ?? '');
}
