import { Inject, Injectable } from '@nestjs/common';
import type { IngestionErrorCategory } from '@pulse/contracts';
import { LOGGER, withSpan, CLOCK, LeaseLostError, type Clock, type Lease } from '@pulse/platform';
import type { Logger } from 'pino';
import { FeedReader } from '../pipeline/feed-reader.service';
import type { FetchOutcome } from '../pipeline/pipeline.types';
import { RunTally } from '../pipeline/run-tally';
import { PIPELINE_STAGES, type PipelineStages } from '../pipeline/stages';
import { StoryCollector } from '../pipeline/story-collector.service';
import { CollectedStoryRepository } from '../pipeline/collected-story.repository';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import {
  announcedIntervalSeconds,
  backedOffIntervalMs,
  nextRunDelayMs,
  pollIntervalMs,
} from '../schedule/next-run';
import { observeRun, priorRate, type PublishRate } from '../schedule/publish-rate';
import { ScheduledPolls } from '../schedule/scheduled-polls';
import type { SourceDocument } from '../sources/source.record';
import { IngestionPurges } from '../sources/ingestion-purges';
import { SourceAnnouncer } from '../sources/source-announcer';
import { SourceRepository } from '../sources/source.repository';
import { discoverHub } from '../websub/hub-links';
import { WebSubSubscriptions } from '../websub/websub-subscriptions.service';
import { fetchFailureCategory, INTERNAL_FAILURE } from './error-category';
import type { RunDocument, RunOutcome, RunTrigger } from './run.record';
import { RunRecorder } from './run-recorder.service';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs one source: conditional GET → parse → canonicalise → cluster → store and emit, then records the
 * run and the source's new state. Every failure ends as a recorded run with its reason, never as a throw
 * into the scheduler, so one broken source cannot stop the others.
 */
@Injectable()
export class RunSourceService {
  constructor(
    private readonly sources: SourceRepository,
    private readonly recorder: RunRecorder,
    private readonly purges: IngestionPurges,
    private readonly stories: CollectedStoryRepository,
    private readonly reader: FeedReader,
    private readonly collector: StoryCollector,
    private readonly websub: WebSubSubscriptions,
    private readonly announcer: SourceAnnouncer,
    private readonly polls: ScheduledPolls,
    @Inject(PIPELINE_STAGES) private readonly stages: PipelineStages,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Null when the source no longer exists (deleted while queued), or, for a scheduled poll, when another
   * replica holds the source's poll or polled it meanwhile (ScheduledPolls).
   *
   * Tracing (one trace context from fetch to store): the whole run is one span, so the
   * article.collected events the collector stores through the outbox carry this run's traceparent
   * (OutboxWriter.event reads the active span), and translation's consumer span — and the
   * article.translated it stores — joins the same trace. A manual run is a child of its trigger's span.
   */
  run(sourceId: string, trigger: RunTrigger): Promise<RunDocument | null> {
    return withSpan('ingestion.run-source', async (span) => {
      span.setAttributes({ 'pulse.source.id': sourceId, 'pulse.run.trigger': trigger });
      if (trigger !== 'schedule') return this.runInSpan(sourceId, trigger);
      return this.polls.run(sourceId, (lease) => this.runInSpan(sourceId, trigger, lease));
    });
  }

  private async runInSpan(sourceId: string, trigger: RunTrigger, lease?: Lease): Promise<RunDocument | null> {
    const source = await this.sources.findById(sourceId);
    if (!source) return null;
    const startedAt = this.clock.now();
    const tally = new RunTally();
    let fetched: FetchOutcome | undefined;
    let error: string | null = null;
    let errorCategory: IngestionErrorCategory | null = null;
    try {
      fetched = await this.stages.fetch({
        url: source.url,
        etag: source.etag ?? undefined,
        lastModified: source.lastModified ?? undefined,
        allowPrivateNetwork: source.allowPrivateNetwork,
      });
      if (fetched.kind === 'failed') {
        error = `fetch ${fetched.reason}: ${fetched.message}`;
        errorCategory = fetchFailureCategory(fetched);
      }
      if (fetched.kind === 'fetched') {
        const items = await this.reader.read(source, fetched, tally);
        await this.collector.collect(source, items, iso(startedAt), tally);
        await this.subscribeIfHub(source, fetched);
      }
    } catch (failure) {
      // A stage bug or a store outage: recorded like a fetch failure, with the counts reached so far.
      error = `${(failure as Error).name}: ${(failure as Error).message}`;
      errorCategory = INTERNAL_FAILURE;
    }
    const outcome: RunOutcome = error ? 'failed' : fetched?.kind === 'not-modified' ? 'not-modified' : 'ok';
    const httpStatus = fetched && 'status' in fetched ? (fetched.status ?? null) : null;
    const run = await this.recorder.record(source, trigger, startedAt, tally, {
      outcome,
      httpStatus,
      error,
      errorCategory,
    });
    try {
      // Fenced: a poller whose lease another replica took (it stalled past the lease) must not move the
      // schedule the new holder has already moved.
      if (lease) await lease.fenced(() => this.updateSource(source, run, fetched));
      else await this.updateSource(source, run, fetched);
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      this.logger.warn({ sourceId }, 'poll lease taken over by another replica; its outcome is not stored');
      return run;
    }
    // After the source's new state is stored, so a gateway refetching at once reads it.
    await this.purges.runFinished();
    return run;
  }

  /** A feed that names a WebSub hub is subscribed to; a hub that misbehaves costs the run nothing. */
  private async subscribeIfHub(
    source: SourceDocument,
    fetched: Extract<FetchOutcome, { kind: 'fetched' }>,
  ): Promise<void> {
    const links = discoverHub({ text: fetched.text, link: fetched.link, url: fetched.finalUrl });
    if (!links) return;
    await this.websub
      .discovered(source, links)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, sourceId: source._id, hub: links.hub }, 'WebSub subscription failed'),
      );
  }

  /**
   * The source's new run state and next run. Through SourceAnnouncer: when the interval in use moves
   * noticeably (announcedIntervalSeconds), the same write tells the content service.
   */
  private async updateSource(
    source: SourceDocument,
    run: RunDocument,
    fetched?: FetchOutcome,
  ): Promise<void> {
    const failures = run.outcome === 'failed' ? source.consecutiveFailures + 1 : 0;
    const publishRate = this.observedRate(source, run);
    const finishedAt = Date.parse(run.startedAt) + run.durationMs;
    const interval = {
      intervalMs: pollIntervalMs({
        rate: publishRate,
        baseIntervalMs: (source.intervalMinutes ?? this.config.INGESTION_INTERVAL_MINUTES) * 60_000,
        minIntervalMs: this.config.INGESTION_MIN_INTERVAL_MINUTES * 60_000,
        maxIntervalMs: this.config.INGESTION_MAX_INTERVAL_MINUTES * 60_000,
        pinned: source.intervalMinutes !== null,
        pushed: source.pushUntil != null && Date.parse(source.pushUntil) > finishedAt,
      }),
      consecutiveFailures: failures,
      maxBackoffMs: this.config.INGESTION_MAX_BACKOFF_MINUTES * 60_000,
    };
    const delay = nextRunDelayMs({ ...interval, random: this.clock.random() });
    const validators =
      fetched?.kind === 'fetched'
        ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null }
        : {};
    // Recounted from the stories, so the figure cannot drift from what was actually collected.
    const count = await this.stories.countBySource(source._id);
    await this.announcer.change(source._id, (current) => ({
      ...validators,
      consecutiveFailures: failures,
      publishRate,
      lastError: run.error,
      lastErrorCategory: run.errorCategory ?? null,
      lastRunAt: run.startedAt,
      nextRunAt: iso(finishedAt + delay),
      count,
      pollIntervalSeconds: announcedIntervalSeconds(
        current.pollIntervalSeconds,
        backedOffIntervalMs(interval),
      ),
    }));
  }

  /**
   * The source's pace after this run. Its first successful run only starts the estimate: what it finds
   * is the feed's backlog, not what was published since. A failed run observes nothing.
   */
  private observedRate(source: SourceDocument, run: RunDocument): PublishRate | null {
    const previous = source.publishRate ?? null;
    if (run.outcome === 'failed') return previous;
    if (!previous) {
      const base = (source.intervalMinutes ?? this.config.INGESTION_INTERVAL_MINUTES) * 60_000;
      return priorRate(base, run.startedAt);
    }
    return observeRun(previous, run.itemsNew + run.itemsJoined, run.startedAt);
  }
}
