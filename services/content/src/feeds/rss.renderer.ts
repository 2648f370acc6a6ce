import { FEED_LANGUAGE } from './feed-entry';
import type { FeedChannel } from './feed-channel';
import { element, textElement, xmlDocument } from './xml';

/** RFC 822 dates as RSS 2.0 wants them ('Mon, 02 Mar 2026 03:00:00 GMT'). */
export const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/** RSS 2.0 (https://www.rssboard.org/rss-specification) with atom:link rel=self, as validators ask. */
export function renderRss(channel: FeedChannel): string {
  const items = channel.entries.map((entry) =>
    element('item', {}, [
      textElement('title', entry.title),
      textElement('link', entry.url),
      textElement('guid', entry.url, { isPermaLink: 'true' }),
      textElement('pubDate', rfc822(entry.publishedAt)),
      textElement('description', entry.summary),
      ...entry.categories.map((name) => textElement('category', name)),
      ...entry.tags.map((name) => textElement('category', name, { domain: 'tag' })),
    ]),
  );
  return xmlDocument(
    element('rss', { version: '2.0', 'xmlns:atom': 'http://www.w3.org/2005/Atom' }, [
      element('channel', {}, [
        textElement('title', channel.title),
        textElement('link', channel.pageUrl),
        textElement('description', channel.description),
        textElement('language', FEED_LANGUAGE),
        textElement('lastBuildDate', rfc822(channel.updated)),
        element('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' }),
        ...items,
      ]),
    ]),
  );
}
