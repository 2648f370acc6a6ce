import {
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  SOURCES_TAG,
  TOPICS,
  type SourcesResponse,
  type SourceUpdatedPayload,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';

const sourceEvent = (updatedAt: string, name = 'Purge Source'): SourceUpdatedPayload => ({
  id: 'purge-source',
  name,
  description: 'A source whose changes purge the gateway',
  sourceType: 'rss',
  url: 'https://purge.example.com/feed.xml',
  imageUrl: null,
  enabled: true,
  updatedAt,
});

/**
 * The source catalogue's answers name it in cache-tag, and a source.updated that changes it purges that
 * tag, so the gateway's micro-cache drops them (gateway/src/proxy/micro-cache.ts).
 */
describe('sources page and sidebar: cache tags and purges for the gateway', () => {
  let content: ContentTestApp;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    content = await startContentTestApp();
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await content.close();
  });

  it('tags the sources page and both sidebars with the sources tag', async () => {
    for (const path of ['/api/sources', '/api/sidebar-data', '/api/sidebar-data/full']) {
      const answer = await content.get(path);
      expect([path, answer.status, answer.headers[CACHE_TAG_HEADER]]).toEqual([path, 200, SOURCES_TAG]);
    }
  });

  it('purges the sources tag when a source.updated changes a source, and not for a stale one', async () => {
    await content.send(TOPICS.sourceUpdated, sourceEvent('2026-03-01T00:00:00.000Z'), 'ingestion');
    await eventually(async () => expect(purged).toEqual([[SOURCES_TAG]]));

    purged.length = 0;
    // Older than what content holds: nothing changes, nothing is purged.
    await content.send(TOPICS.sourceUpdated, sourceEvent('2026-02-01T00:00:00.000Z', 'Old'), 'ingestion');
    await content.send(TOPICS.sourceUpdated, sourceEvent('2026-03-02T00:00:00.000Z', 'New'), 'ingestion');
    // Delivered in order: the newer event's purge arriving first means the stale one sent none.
    await eventually(async () => expect(purged).toEqual([[SOURCES_TAG]]));
    expect((await content.get<{ sources: Array<{ name: string }> }>('/api/sources')).body.sources).toEqual([
      expect.objectContaining({ name: 'New' }),
    ]);
  });

  it('purges it when only the poll interval or the WebSub state changed', async () => {
    purged.length = 0;
    await content.send(
      TOPICS.sourceUpdated,
      { ...sourceEvent('2026-03-03T00:00:00.000Z', 'New'), pollIntervalSeconds: 3600 },
      'ingestion',
    );
    await eventually(async () => expect(purged).toEqual([[SOURCES_TAG]]));
    const websub = { state: 'subscribed', leaseExpiresAt: '2026-03-04T00:00:00.000Z' } as const;
    await content.send(
      TOPICS.sourceUpdated,
      { ...sourceEvent('2026-03-03T00:01:00.000Z', 'New'), pollIntervalSeconds: 3600, websub },
      'ingestion',
    );
    await eventually(async () => expect(purged).toEqual([[SOURCES_TAG], [SOURCES_TAG]]));
    expect((await content.get<SourcesResponse>('/api/sources')).body.sources).toEqual([
      expect.objectContaining({ pollIntervalSeconds: 3600, websub }),
    ]);
  });
});
