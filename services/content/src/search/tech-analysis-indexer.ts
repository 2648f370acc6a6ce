import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, SEARCH_INDEX, type SearchIndex } from '@pulse/platform';
import type { Logger } from 'pino';
import { TechAnalysesRepository } from '../tech-analysis/tech-analyses.repository';
import { TechAnalysisChanges } from '../tech-analysis/tech-analysis-changes';
import type { TechAnalysisRecord } from '../tech-analysis/tech-analysis.record';
import { ARTICLE_INDEX } from './article-document';
import { ArticleIndexer } from './article-indexer';
import { CONTENT_SEARCH_CONFIG, type ContentSearchConfig } from './search.config';
import { isIndexableAnalysis, techAnalysisDocId, toTechAnalysisDocument } from './tech-analysis-document';
import { singleFlightInterval } from './single-flight-interval';

const countersOf = (record: Pick<TechAnalysisRecord, 'likesCount' | 'views'>): string =>
  `${record.likesCount}:${record.views}`;

/**
 * Keeps the tech analyses in the article index in step with their store, as ArticleIndexer does for
 * articles: a changed analysis (TechAnalysisChanges) is upserted while published and removed otherwise;
 * every analysis is reconciled once the article index exists (after its start-up rebuild, which gives the
 * index its settings) and on an admin's rebuild; the refresh brings likes and views up to date and retries
 * failed writes. Analyses are few (hundreds), so each pass reads them all.
 */
@Injectable()
export class TechAnalysisIndexer implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Until the first reconcile, notices only name what it must re-read at its end. */
  private pendingBeforeStart: Set<string> | undefined = new Set();
  private readonly indexedCounters = new Map<string, string>();
  private readonly failed = new Set<string>();
  private writes: Promise<unknown> = Promise.resolve();
  private started: Promise<void> | undefined;
  private refresher: { stop(): Promise<void> } | undefined;
  private stopped = false;
  /** The first reconcile failed (store or backend away): the refresh tries it again. */
  private startFailed = false;

  constructor(
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    private readonly analyses: TechAnalysesRepository,
    changes: TechAnalysisChanges,
    private readonly articleIndexer: ArticleIndexer,
    @Inject(CONTENT_SEARCH_CONFIG) private readonly config: ContentSearchConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    changes.onChange((record) => this.onChanged(record));
  }

  /** After every module's init, so the article indexer's start-up rebuild is under way to wait for. */
  onApplicationBootstrap(): void {
    this.started = this.articleIndexer
      .whenRebuilt()
      .then(() => this.startUp())
      .catch((error: unknown) => {
        this.startFailed = true;
        this.logger.warn({ err: error }, 'tech analyses not indexed for search; the refresh retries');
      });
    this.refresher = singleFlightInterval(
      () => this.refresh(),
      this.config.CONTENT_SEARCH_REFRESH_SECONDS * 1000,
      (error) => this.logger.warn({ err: error }, 'tech-analysis index refresh failed'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([this.started, this.refresher?.stop(), this.writes]);
  }

  /** Resolves once the analyses were first reconciled (tests, and the on-demand rebuild). */
  async whenStarted(): Promise<void> {
    await this.started;
  }

  /** Every published analysis upserted and every other removed; how many of each. */
  async rebuild(): Promise<{ indexed: number; removed: number }> {
    let indexed = 0;
    let removed = 0;
    const batch = this.config.CONTENT_SEARCH_REINDEX_BATCH;
    for (let after = ''; !this.stopped;) {
      const records = (await this.analyses.publishedAfter(after, batch)).filter(isIndexableAnalysis);
      if (records.length === 0) break;
      await this.upsert(records);
      indexed += records.length;
      after = records[records.length - 1]._id;
    }
    for (let after = ''; !this.stopped;) {
      const ids = await this.analyses.unpublishedIdsAfter(after, batch);
      if (ids.length === 0) break;
      await this.serial(() => this.search.remove(ARTICLE_INDEX, ids.map(techAnalysisDocId)));
      for (const id of ids) this.indexedCounters.delete(id);
      removed += ids.length;
      after = ids[ids.length - 1];
    }
    return { indexed, removed };
  }

  /** Retries failed writes and rewrites analyses whose likes or views changed; how many it rewrote. */
  async refresh(): Promise<number> {
    // Before the first reconcile the index may not exist yet, and that reconcile writes everything anyway.
    if (this.pendingBeforeStart) {
      if (this.startFailed) {
        this.startFailed = false;
        await this.startUp().catch((error: unknown) => {
          this.startFailed = true;
          throw error;
        });
      }
      return 0;
    }
    const retry = [...this.failed];
    this.failed.clear();
    for (const id of retry) await this.reindexFromStore(id);
    let rewritten = 0;
    for (let after = ''; !this.stopped;) {
      const records = await this.analyses.publishedAfter(after, this.config.CONTENT_SEARCH_REINDEX_BATCH);
      if (records.length === 0) break;
      after = records[records.length - 1]._id;
      const stale = records.filter(
        (record) =>
          isIndexableAnalysis(record) && this.indexedCounters.get(record._id) !== countersOf(record),
      );
      if (stale.length > 0) await this.upsert(stale);
      rewritten += stale.length;
    }
    return rewritten;
  }

  private async startUp(): Promise<void> {
    const { indexed, removed } = await this.rebuild();
    const raced = this.pendingBeforeStart ?? new Set<string>();
    this.pendingBeforeStart = undefined;
    for (const id of raced) await this.reindexFromStore(id);
    this.logger.info({ index: ARTICLE_INDEX, indexed, removed }, 'tech analyses indexed for search');
  }

  private async onChanged(record: TechAnalysisRecord): Promise<void> {
    if (this.pendingBeforeStart) {
      // The index may not exist yet; the first reconcile reads this analysis again.
      this.pendingBeforeStart.add(record._id);
      return;
    }
    await this.write(record);
  }

  private async reindexFromStore(id: string): Promise<void> {
    const record = await this.analyses.findById(id);
    if (record) await this.write(record);
    else await this.writeOrRetry(id, () => this.search.remove(ARTICLE_INDEX, [techAnalysisDocId(id)]));
  }

  private async write(record: TechAnalysisRecord): Promise<void> {
    if (!isIndexableAnalysis(record)) return;
    if (record.state === 'published') {
      await this.writeOrRetry(record._id, () => this.upsert([record]));
    } else {
      await this.writeOrRetry(record._id, async () => {
        await this.serial(() => this.search.remove(ARTICLE_INDEX, [techAnalysisDocId(record._id)]));
        this.indexedCounters.delete(record._id);
      });
    }
  }

  /** A failed write leaves the store as it is; the next refresh retries it from the store. */
  private async writeOrRetry(id: string, task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      this.failed.add(id);
      this.logger.warn({ err: error, analysisId: id }, 'search index write failed; will retry');
    }
  }

  private async upsert(records: TechAnalysisRecord[]): Promise<void> {
    await this.serial(() => this.search.upsert(ARTICLE_INDEX, records.map(toTechAnalysisDocument)));
    for (const record of records) this.indexedCounters.set(record._id, countersOf(record));
  }

  /** Index writes one after another, in the order they were asked for. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writes.then(task, task);
    this.writes = run.catch(() => undefined);
    return run;
  }
}
