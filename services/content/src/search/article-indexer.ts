import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  EXTRA_CHECKS,
  LOGGER,
  retryPolicy,
  SEARCH_INDEX,
  type Adapter,
  type HealthResult,
  type SearchIndex,
} from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import type { ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import {
  ARTICLE_INDEX,
  articleIndexSettings,
  countersOf,
  isIndexable,
  toSearchDocument,
} from './article-document';
import { CONTENT_SEARCH_CONFIG, type ContentSearchConfig } from './search.config';
import { SynonymGroupsRepository } from './synonyms/synonym-groups.repository';
import { singleFlightInterval } from './single-flight-interval';

/** The start-up rebuild's retries: 1 s, doubled per failure up to a minute, until it succeeds or shutdown. */
const REBUILD_RETRIES = { initialMs: 1_000, maxMs: 60_000, jitter: 'none' } as const;

/**
 * Keeps the article index in step with the article store, which is the source of truth:
 * - each stored change (ArticleChanges) upserts a published article and removes any other;
 * - at start the whole index is reconciled from the store in the background, in batches;
 * - every CONTENT_SEARCH_REFRESH_SECONDS the likes and views the popular and views sorts read are brought
 *   up to date (engagement changes counters without a change notice, so they may lag by that much), and
 *   writes that failed (a search backend outage) are retried from the store, and synonym groups another
 *   replica's admin request added are applied (search/synonyms).
 * Index writes run one at a time, so a change and a rebuild batch never land out of order.
 *
 * It is also a readiness check (/readyz 'articleSearch'): not ready while the first rebuild runs, for at
 * most CONTENT_SEARCH_READY_WAIT_SECONDS, so a large store delays traffic a bounded time, never forever.
 */
@Injectable()
export class ArticleIndexer implements Adapter, OnModuleInit, OnApplicationShutdown {
  readonly adapterName = 'article-indexer';
  private readonly startedAt = performance.now();
  private rebuilt = false;
  private progress = { done: 0, total: 0 };
  /** Counters last written to the index, by id: the refresh rewrites only documents that differ. */
  private readonly indexedCounters = new Map<string, string>();
  /** Ids changed while a rebuild scans: re-read at its end, in case the scan wrote an older copy. */
  private changedDuringRebuild: Set<string> | undefined;
  /** Ids whose index write failed, retried from the store on the next refresh. */
  private readonly failed = new Set<string>();
  private writes: Promise<unknown> = Promise.resolve();
  private rebuilding: Promise<void> | undefined;
  private refresher: { stop(): Promise<void> } | undefined;
  private stopped = false;
  /** Aborted at shutdown, so a rebuild waiting to retry stops at once. */
  private readonly stopping = new AbortController();
  /** The admin-added synonym groups last given to the index, as JSON: refresh re-applies on a change. */
  private appliedSynonyms: string | undefined;

  constructor(
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    private readonly articles: ArticlesRepository,
    changes: ArticleChanges,
    @Inject(CONTENT_SEARCH_CONFIG) private readonly config: ContentSearchConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    // The platform reads this record on every /readyz; a module adds its own check by adding a key.
    @Inject(EXTRA_CHECKS) checks: Record<string, Adapter>,
    private readonly synonymGroups: SynonymGroupsRepository,
  ) {
    checks.articleSearch = this;
    changes.onChange((record) => this.onArticleChanged(record));
  }

  onModuleInit(): void {
    this.rebuilding = this.rebuildUntilDone();
    this.refresher = singleFlightInterval(
      () => this.refresh(),
      this.config.CONTENT_SEARCH_REFRESH_SECONDS * 1000,
      (error) => this.logger.warn({ err: error }, 'search index refresh failed'),
    );
  }

  /** Stops between batches; the search adapter is closed after the app, so writes in flight finish first. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await Promise.allSettled([this.rebuilding, this.refresher?.stop(), this.writes]);
  }

  async check(): Promise<HealthResult> {
    if (this.rebuilt) return { ok: true };
    if (performance.now() - this.startedAt >= this.config.CONTENT_SEARCH_READY_WAIT_SECONDS * 1000) {
      return { ok: true };
    }
    const { done, total } = this.progress;
    return { ok: false, reason: `rebuilding the article search index: ${done} of ${total} articles` };
  }

  async close(): Promise<void> {
    // Nothing of its own to release; onApplicationShutdown stops the background work.
  }

  /** How far the rebuild running now (or the last one) has scanned. */
  get rebuildProgress(): { done: number; total: number } {
    return { ...this.progress };
  }

  /**
   * A rebuild asked for by an admin (search-reindex.service.ts): after the start-up rebuild, never beside
   * it, since both would write the same documents and the progress figures.
   */
  async rebuildOnDemand(): Promise<{ indexed: number; removed: number }> {
    await this.rebuilding;
    return this.rebuild();
  }

  /** Resolves once the start-up rebuild has finished (tests, and callers that must see every article). */
  async whenRebuilt(): Promise<void> {
    await this.rebuilding;
  }

  /** The article index rebuilt from the store: every published article upserted, every other removed. */
  async rebuild(): Promise<{ indexed: number; removed: number }> {
    await this.applySynonyms();
    this.changedDuringRebuild = new Set();
    try {
      this.progress = { done: 0, total: await this.articles.countPublished() };
      const indexed = await this.scan(this.articles.publishedAfter.bind(this.articles), async (batch) => {
        const docs = batch.filter(isIndexable);
        await this.serial(() => this.search.upsert(ARTICLE_INDEX, docs.map(toSearchDocument)));
        for (const record of docs) this.indexedCounters.set(record._id, countersOf(record));
        this.progress.done += batch.length;
      });
      // Held articles and drafts may linger in an index that outlives the process (Meilisearch).
      const removed = await this.scan(this.articles.unpublishedAfter.bind(this.articles), async (batch) => {
        const ids = batch.filter(isIndexable).map((record) => record._id);
        await this.serial(() => this.search.remove(ARTICLE_INDEX, ids));
        for (const id of ids) this.indexedCounters.delete(id);
      });
      const raced = this.changedDuringRebuild;
      this.changedDuringRebuild = undefined;
      for (const id of raced) await this.reindexFromStore(id);
      return { indexed, removed };
    } finally {
      this.changedDuringRebuild = undefined;
    }
  }

  /**
   * Gives the index its settings with the dictionary and every synonym group stored now. On the embedded
   * engine a change of synonyms re-indexes nothing; Meilisearch re-indexes in its own time.
   */
  async applySynonyms(): Promise<void> {
    const added = (await this.synonymGroups.all()).map((group) => group.spellings);
    await this.serial(() => this.search.ensureIndex(ARTICLE_INDEX, articleIndexSettings(added)));
    this.appliedSynonyms = JSON.stringify(added);
  }

  /**
   * Rewrites the index documents whose likes or views differ from the store's, and retries failed
   * writes; returns how many documents it rewrote.
   */
  async refresh(): Promise<number> {
    const stored = JSON.stringify((await this.synonymGroups.all()).map((group) => group.spellings));
    if (this.appliedSynonyms !== undefined && stored !== this.appliedSynonyms) await this.applySynonyms();
    const retry = [...this.failed];
    this.failed.clear();
    for (const id of retry) await this.reindexFromStore(id);
    let rewritten = 0;
    let after = '';
    for (;;) {
      const rows = await this.articles.publishedCountersAfter(
        after,
        this.config.CONTENT_SEARCH_REINDEX_BATCH,
      );
      if (rows.length === 0 || this.stopped) return rewritten;
      after = rows[rows.length - 1]._id;
      const stale = rows
        .filter((row) => isIndexable(row) && this.indexedCounters.get(row._id) !== countersOf(row))
        .map((row) => row._id);
      if (stale.length === 0) continue;
      const records = await this.articles.findPublishedByIds(stale);
      await this.serial(() => this.search.upsert(ARTICLE_INDEX, records.map(toSearchDocument)));
      for (const record of records) this.indexedCounters.set(record._id, countersOf(record));
      rewritten += records.length;
    }
  }

  private async onArticleChanged(record: ArticleRecord): Promise<void> {
    this.changedDuringRebuild?.add(record._id);
    if (!isIndexable(record)) {
      this.logger.warn({ articleId: record._id }, 'article id cannot be indexed for search; skipped');
      return;
    }
    try {
      await this.write(record);
    } catch (error) {
      // The store write stands; the next refresh retries from the store (and a restart rebuilds anyway).
      this.failed.add(record._id);
      this.logger.warn({ err: error, articleId: record._id }, 'search index write failed; will retry');
    }
  }

  private async reindexFromStore(id: string): Promise<void> {
    const record = await this.articles.findById(id);
    try {
      if (record) await this.write(record);
      else await this.serial(() => this.search.remove(ARTICLE_INDEX, [id]));
    } catch (error) {
      this.failed.add(id);
      this.logger.warn({ err: error, articleId: id }, 'search index write failed; will retry');
    }
  }

  private async write(record: ArticleRecord): Promise<void> {
    if (record.state === 'published') {
      await this.serial(() => this.search.upsert(ARTICLE_INDEX, [toSearchDocument(record)]));
      this.indexedCounters.set(record._id, countersOf(record));
    } else {
      await this.serial(() => this.search.remove(ARTICLE_INDEX, [record._id]));
      this.indexedCounters.delete(record._id);
    }
  }

  /** Index writes one after another, in the order they were asked for. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writes.then(task, task);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Calls `each` with the batches `read` gives in _id order; returns how many articles there were. */
  private async scan(
    read: (afterId: string, limit: number) => Promise<ArticleRecord[]>,
    each: (batch: ArticleRecord[]) => Promise<void>,
  ): Promise<number> {
    let after = '';
    let seen = 0;
    while (!this.stopped) {
      const batch = await read(after, this.config.CONTENT_SEARCH_REINDEX_BATCH);
      if (batch.length === 0) break;
      await each(batch);
      seen += batch.length;
      after = batch[batch.length - 1]._id;
      await yieldToEventLoop(); // requests keep being served while a large store is re-read
    }
    return seen;
  }

  /** The start-up rebuild, retried with backoff while the store or the search backend is down. */
  private async rebuildUntilDone(): Promise<void> {
    const retries = retryPolicy({
      maxRetries: Infinity,
      retryOn: () => !this.stopped,
      backoff: REBUILD_RETRIES,
      unref: true,
      onRetry: ({ error, attempt, delayMs }) =>
        this.logger.error({ err: error, attempt, retryInMs: delayMs }, 'article search index rebuild failed'),
    });
    await retries
      .execute(async () => {
        const started = performance.now();
        this.logger.info({ index: ARTICLE_INDEX }, 'rebuilding the article search index from the store');
        const { indexed, removed } = await this.rebuild();
        if (this.stopped) return;
        this.rebuilt = true;
        const ms = Math.round(performance.now() - started);
        this.logger.info({ index: ARTICLE_INDEX, indexed, removed, ms }, 'article search index rebuilt');
      }, this.stopping.signal)
      // Only a shutdown ends the retries: nothing is left to do then.
      .catch(() => undefined);
  }
}
