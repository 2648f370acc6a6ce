import { Inject, Injectable } from '@nestjs/common';
import type { SearchReindexStatus } from '@pulse/contracts';
import { CLOCK, LOGGER, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleIndexer } from '../article-indexer';
import { TechAnalysisIndexer } from '../tech-analysis-indexer';

/**
 * The admin's "rebuild the search index now": one run at a time in this process, followed by GET. Each
 * content replica holds its own run; with Meilisearch one run rebuilds the index every replica reads,
 * with the embedded engine each replica's own (docs/operations.md 'Rebuilding the search index').
 */
@Injectable()
export class SearchReindexService {
  private status: SearchReindexStatus = {
    state: 'idle',
    done: 0,
    total: 0,
    indexed: null,
    removed: null,
    startedAt: null,
    finishedAt: null,
    error: null,
  };

  constructor(
    private readonly indexer: ArticleIndexer,
    private readonly analyses: TechAnalysisIndexer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The current or last run, with the scan's progress while it runs. */
  current(): SearchReindexStatus {
    return this.status.state === 'running'
      ? { ...this.status, ...this.indexer.rebuildProgress }
      : { ...this.status };
  }

  /** Starts a run unless one runs; answers the run either way. */
  start(): SearchReindexStatus {
    if (this.status.state === 'running') return this.current();
    const startedAt = this.clock.now();
    this.status = {
      state: 'running',
      done: 0,
      total: 0,
      indexed: null,
      removed: null,
      startedAt: new Date(startedAt).toISOString(),
      finishedAt: null,
      error: null,
    };
    this.logger.info('search reindex asked for by an admin');
    void this.rebuildBoth().then(
      ({ indexed, removed }) => this.finish({ state: 'done', indexed, removed }, startedAt),
      (error: unknown) => {
        this.logger.error({ err: error }, 'search reindex failed');
        this.finish({ state: 'failed', error: (error as Error).message }, startedAt);
      },
    );
    return this.current();
  }

  /** The articles, then the tech analyses the same index holds: the figures count both. */
  private async rebuildBoth(): Promise<{ indexed: number; removed: number }> {
    const articles = await this.indexer.rebuildOnDemand();
    await this.analyses.whenStarted();
    const analyses = await this.analyses.rebuild();
    return {
      indexed: articles.indexed + analyses.indexed,
      removed: articles.removed + analyses.removed,
    };
  }

  private finish(outcome: Partial<SearchReindexStatus>, startedAt: number): void {
    const finishedAt = this.clock.now();
    this.status = {
      ...this.status,
      ...this.indexer.rebuildProgress,
      ...outcome,
      finishedAt: new Date(finishedAt).toISOString(),
    };
    this.logger.info({ ...outcome, ms: finishedAt - startedAt }, 'search reindex finished');
  }
}
