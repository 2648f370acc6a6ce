import type { JsonFeed } from '@pulse/contracts';
import { FEED_LANGUAGE, PUBLICATION_NAME } from './feed-entry';
import type { FeedChannel } from './feed-channel';

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1); JSON.stringify does the escaping. */
export function renderJsonFeed(channel: FeedChannel): string {
  const feed: JsonFeed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.pageUrl,
    feed_url: channel.selfUrl,
    description: channel.description,
    language: FEED_LANGUAGE,
    authors: [{ name: PUBLICATION_NAME }],
    items: channel.entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      summary: entry.summary,
      content_html: entry.contentHtml,
      ...(entry.imageUrl ? { image: entry.imageUrl } : {}),
      date_published: entry.publishedAt,
      date_modified: entry.updatedAt,
      tags: [...entry.categories, ...entry.tags],
    })),
  };
  return JSON.stringify(feed);
}
