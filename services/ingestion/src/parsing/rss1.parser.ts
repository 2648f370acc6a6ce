/**
 * RSS 1.0 (RDF Site Summary): items are siblings of the channel under rdf:RDF, identified by rdf:about,
 * with dates and authors from Dublin Core.
 */
import { readEach, type RawItem, type Rejected } from './normalise';
import { imageOf } from './rss2.parser';
import { attr, children, firstText, text, child, isNode, type XmlNode, type XmlValue } from './xml';

export function readRss1(root: XmlNode, rejected: Rejected): RawItem[] | string {
  // The root's prefix is conventionally "rdf" but any prefix bound to the RDF namespace is legal.
  const rdfKey = Object.keys(root).find((key) => /^(?:[\w.-]+:)?RDF$/.test(key));
  const rdf = rdfKey ? root[rdfKey] : undefined;
  if (!isNode(rdf)) return 'RSS 1.0 document without an rdf:RDF root';
  return readEach(children(rdf, 'item'), readItem, rejected);
}

function readItem(item: XmlValue): RawItem {
  const about = attr(item, 'rdf:about');
  return {
    title: text(child(item, 'title')),
    link: firstText(item, 'link') ?? about,
    guid: about,
    author: firstText(item, 'dc:creator', 'dc:publisher'),
    published: firstText(item, 'dc:date'),
    summaryHtml: firstText(item, 'description'),
    bodyHtml: firstText(item, 'content:encoded'),
    imageUrl: imageOf(item),
  };
}
