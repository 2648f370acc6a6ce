import { FEED_LANGUAGE, PUBLICATION_NAME } from './feed-entry';
import type { FeedChannel } from './feed-channel';
import { element, textElement, xmlDocument } from './xml';

const author = element('author', {}, textElement('name', PUBLICATION_NAME));

/** Atom 1.0 (RFC 4287). Ids are the entries' permanent URLs; every entry names the publisher as author. */
export function renderAtom(channel: FeedChannel): string {
  const entries = channel.entries.map((entry) =>
    element('entry', {}, [
      textElement('id', entry.url),
      textElement('title', entry.title, { type: 'text' }),
      textElement('updated', entry.updatedAt),
      textElement('published', entry.publishedAt),
      element('link', { rel: 'alternate', type: 'text/html', href: entry.url }),
      textElement('summary', entry.summary, { type: 'text' }),
      author,
      ...entry.categories.map((name) => element('category', { term: name })),
    ]),
  );
  return xmlDocument(
    element('feed', { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': FEED_LANGUAGE }, [
      textElement('id', channel.selfUrl),
      textElement('title', channel.title, { type: 'text' }),
      textElement('subtitle', channel.description, { type: 'text' }),
      textElement('updated', channel.updated),
      element('link', { rel: 'self', type: 'application/atom+xml', href: channel.selfUrl }),
      element('link', { rel: 'alternate', type: 'text/html', href: channel.pageUrl }),
      author,
      ...entries,
    ]),
  );
}
