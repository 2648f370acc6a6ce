import type { Adapter, SearchIndex } from '@pulse/platform';
import pino from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import type { ArticlesRepository } from '../articles/articles.repository';
import { ArticleIndexer } from './article-indexer';
import type { ContentSearchConfig } from './search.config';
import type { SynonymGroupsRepository } from './synonyms/synonym-groups.repository';

const logger = pino({ level: 'silent' });

/** An indexer whose start-up rebuild is held at ensureIndex until `release` is called. */
function heldIndexer(readyWaitSeconds: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const search = {
    ensureIndex: () => held,
    upsert: async () => {},
    remove: async () => {},
  } as unknown as SearchIndex;
  const articles = {
    countPublished: async () => 0,
    publishedAfter: async () => [],
    unpublishedAfter: async () => [],
  } as unknown as ArticlesRepository;
  const config: ContentSearchConfig = {
    CONTENT_SEARCH_READY_WAIT_SECONDS: readyWaitSeconds,
    CONTENT_SEARCH_REINDEX_BATCH: 500,
    CONTENT_SEARCH_REFRESH_SECONDS: 300,
  };
  const checks: Record<string, Adapter> = {};
  const synonyms = { all: async () => [] } as unknown as SynonymGroupsRepository;
  const indexer = new ArticleIndexer(
    search,
    articles,
    new ArticleChanges(),
    config,
    logger,
    checks,
    synonyms,
  );
  indexer.onModuleInit();
  return { indexer, checks, release };
}

describe('ArticleIndexer readiness', () => {
  it('registers itself as a /readyz check and is not ready while the first rebuild runs', async () => {
    const { indexer, checks, release } = heldIndexer(3600);
    try {
      expect(checks.articleSearch).toBe(indexer);
      await expect(indexer.check()).resolves.toEqual({
        ok: false,
        reason: 'rebuilding the article search index: 0 of 0 articles',
      });
      release();
      await indexer.whenRebuilt();
      await expect(indexer.check()).resolves.toEqual({ ok: true });
    } finally {
      release();
      await indexer.onApplicationShutdown();
    }
  });

  it('stops holding readiness back after CONTENT_SEARCH_READY_WAIT_SECONDS, rebuilt or not', async () => {
    const { indexer, release } = heldIndexer(0);
    try {
      await expect(indexer.check()).resolves.toEqual({ ok: true });
    } finally {
      release();
      await indexer.onApplicationShutdown();
    }
  });
});
