import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompressedClock } from './compressed-clock';
import type { PlannedStory } from './publishing';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Newest first, as feeds list them; at most this many (a typical feed's length). */
const FEED_LENGTH = 30;

export interface FreshnessFeedServer {
  urlOf(feed: string): string;
  /** The feed as it stands at `at` (default the clock's now): what a poll reads and the hub pushes. */
  documentOf(feed: string, at?: number): string;
  /** Requests by feed and answer (200 or 304). */
  requests: Map<string, { full: number; notModified: number }>;
  close(): Promise<void>;
}

/**
 * The sources' sites: each feed lists the stories its source has published by the clock's now (RSS 2.0
 * with pubDate), answers a conditional GET with 304 while nothing new was published, and, for the feed
 * `hubUrl` is given for, names its WebSub hub and itself.
 */
export async function startFreshnessFeedServer(
  stories: readonly PlannedStory[],
  clock: CompressedClock,
  hubs: Record<string, string>,
): Promise<FreshnessFeedServer> {
  const requests = new Map<string, { full: number; notModified: number }>();
  const published = (feed: string, at = clock.now()) =>
    stories
      .filter((story) => story.feed === feed && story.publishedAt <= at)
      .sort((a, b) => b.publishedAt - a.publishedAt);
  const etagOf = (feed: string) => `"${feed}-${published(feed).length}"`;

  const server = createServer((req, res) => {
    const match = /^\/feeds\/([a-z]+)\.xml$/.exec(req.url ?? '');
    if (!match || req.method !== 'GET') return void res.writeHead(404).end();
    const feed = match[1];
    const counts = requests.get(feed) ?? { full: 0, notModified: 0 };
    requests.set(feed, counts);
    const etag = etagOf(feed);
    if (req.headers['if-none-match'] === etag) {
      counts.notModified += 1;
      return void res.writeHead(304, { etag }).end();
    }
    counts.full += 1;
    res
      .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag })
      .end(feedServer.documentOf(feed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const feedServer: FreshnessFeedServer = {
    urlOf: (feed) => `${base}/feeds/${feed}.xml`,
    documentOf(feed, at) {
      const hub = hubs[feed];
      const items = published(feed, at)
        .slice(0, FEED_LENGTH)
        .map((story) =>
          [
            '<item>',
            `<title>${escapeXml(story.title)}</title>`,
            `<link>${escapeXml(story.link)}</link>`,
            `<guid>${escapeXml(story.link)}</guid>`,
            `<pubDate>${new Date(story.publishedAt).toUTCString()}</pubDate>`,
            // No words shared between stories beyond the title's: boilerplate would make the clusterer join them.
            `<description>${escapeXml(story.title)}.</description>`,
            '</item>',
          ].join(''),
        );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        `<channel><title>Freshness bench: ${feed}</title><link>https://${feed}.bench.example/</link>`,
        '<description>Synthetic stories on a publishing schedule</description>',
        hub
          ? `<atom:link rel="hub" href="${hub}"/><atom:link rel="self" href="${feedServer.urlOf(feed)}"/>`
          : '',
        ...items,
        '</channel></rss>',
      ].join('\n');
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return feedServer;
}
