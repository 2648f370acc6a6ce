import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ArticleCollectedPayload, ArticleTranslatedPayload, OriginalSource } from '@pulse/contracts';
import {
  CLOCK,
  isoNow,
  LANGUAGE_MODEL,
  LOGGER,
  pulseMetrics,
  type Clock,
  type LanguageModel,
  type Logger,
} from '@pulse/platform';
import { classifyByKeywords } from './classify/keyword-classifier';
import { pendingPayload, translatedPayload } from './events/article-translated.payload';
import { rewriteArticle, RewriteUnavailableError, type RewriteRun } from './rewrite/rewrite-article';
import { htmlToText, sanitiseHtml } from './sanitise/sanitise-html';
import { estimateCostUsd, TRANSLATION_CONFIG, type TranslationConfig } from './translation.config';
import type { TranslationRecord } from './translation.record';
import { TranslationRepository } from './translation.repository';
import { instructionsInSource } from './prompt/build-prompt';
import { reviewOutput } from './validate/review-output';

export type TranslateOutcome = 'translated' | 'held' | 'pending' | 'skipped';
/** onCollected also says when a cluster's existing job only took new sources ('merged'). */
export type CollectedOutcome = TranslateOutcome | 'merged';

/** How often a finished translation is rebuilt because sources were merged into its job meanwhile. */
const FINISH_ATTEMPTS = 5;

export interface BackfillProgress {
  done: number;
  total: number;
  id: string;
  outcome: Exclude<TranslateOutcome, 'pending'> | 'failed';
  detail?: string;
}

export interface BackfillSummary {
  translated: number;
  held: number;
  skipped: number;
  failed: number;
}

const NO_RUN: RewriteRun = { calls: 0, usage: { promptTokens: 0, completionTokens: 0 }, model: null };

/** The rules of translation (docs/design.md §5): what is stored, when the LLM is asked, what is published or held. */
@Injectable()
export class TranslationService {
  /** Jobs this process is translating now. */
  /** Jobs this process is translating, each with the mark of the call that holds it. */
  private readonly inFlight = new Map<string, symbol>();
  /** Claims of this process whose work stopped before being finished or released, by job id. */
  private readonly stopped = new Map<string, string>();

  constructor(
    private readonly translations: TranslationRepository,
    @Inject(LANGUAGE_MODEL) private readonly llm: LanguageModel,
    @Inject(TRANSLATION_CONFIG) private readonly config: TranslationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A collected cluster. Without an LLM, the English original is stored and published as pending in one
   * write. With one, the job is stored and translated now. A cluster that already has a job is never
   * stored or translated again: the event's sources (a near-duplicate from another source joined the
   * story) are merged into the job, and an article already published is re-published with every source
   * and the same text. A redelivery changes nothing, beyond resuming a job that is still pending.
   */
  async onCollected(source: ArticleCollectedPayload): Promise<CollectedOutcome> {
    const record = this.newRecord(source);
    if (!this.llm.enabled) {
      const at = record.createdAt;
      const stored = await this.translations.insert(
        record,
        pendingPayload(source, record.articleId, record.classification, at),
      );
      if (stored) return 'pending';
      return this.mergeSources(source);
    }
    const stored = await this.translations.insert(record, null);
    const merged = stored ? 'skipped' : await this.mergeSources(source);
    const outcome = await this.translate(source.clusterId);
    return outcome === 'skipped' ? merged : outcome;
  }

  /**
   * Translates one pending job, if no other worker holds it. Transport failures (LLM unreachable after
   * the adapter's retries) release the job and rethrow, so the bus retries later and the backfill can
   * pick it up; an output that stays invalid is held.
   */
  async translate(id: string): Promise<TranslateOutcome> {
    // One worker per job in this process; the store's claim keeps other processes out.
    if (this.inFlight.has(id)) return 'skipped';
    const mark = Symbol(id);
    this.inFlight.set(id, mark);
    try {
      return await this.translateOnce(id);
    } finally {
      // A release (below) has already let go; a later call may hold the job by now.
      if (this.inFlight.get(id) === mark) this.inFlight.delete(id);
    }
  }

  private async translateOnce(id: string): Promise<TranslateOutcome> {
    const claimId = randomUUID();
    const now = new Date(this.clock.now());
    const until = new Date(now.getTime() + this.config.TRANSLATION_CLAIM_LEASE_MS).toISOString();
    const job = await this.translations.claim(id, claimId, now.toISOString(), until, this.stopped.get(id));
    if (!job) return 'skipped';
    // Until this claim is finished or released, its work counts as stopped: if the store goes away
    // before either is written, the bus delivers the event again and that delivery takes the claim
    // over, instead of the job waiting out its lease (ARCHITECTURE.md 'Events and delivery', Outages).
    this.stopped.set(id, claimId);
    const outcome = await this.translateClaimed(id, claimId, job);
    this.stopped.delete(id);
    return outcome;
  }

  private async translateClaimed(
    id: string,
    claimId: string,
    job: TranslationRecord,
  ): Promise<TranslateOutcome> {
    let result;
    try {
      result = await rewriteArticle(this.llm, job.source);
    } catch (error) {
      const run = error instanceof RewriteUnavailableError ? error.run : NO_RUN;
      // Let go here before the release is written, not after: once the store shows the job pending and
      // unclaimed, a backfill (or the bus's next delivery) must be able to take it in this process too.
      this.inFlight.delete(id);
      await this.translations.release(id, claimId, run, String(error), isoNow(this.clock));
      this.stopped.delete(id);
      throw error;
    }
    const at = isoNow(this.clock);
    const usage = {
      promptTokens: job.usage.promptTokens + result.usage.promptTokens,
      completionTokens: job.usage.completionTokens + result.usage.completionTokens,
    };
    const base = { model: result.model, costUsd: estimateCostUsd(this.config, usage), updatedAt: at };
    const callCostUsd = estimateCostUsd(this.config, result.usage);
    if (callCostUsd !== null) pulseMetrics().llmCostUsd.add(callCostUsd, { 'pulse.llm.use': 'translation' });

    if (result.kind === 'invalid') {
      const reasons = [`output invalid after ${result.calls} attempts: ${result.problem}`];
      const review = { reasons, addedUrls: [], glossaryIssues: [] };
      const changes = { ...base, status: 'held' as const, review, lastError: result.problem };
      return this.finish(id, claimId, changes, result, null, 'held');
    }

    const review = reviewOutput(result.output, job.source);
    const output = { ...result.output, bodyHtml: sanitiseHtml(result.output.bodyHtml) };
    const { verdict, ...reviewed } = review;
    const removedInstructions = instructionsInSource(job.source);
    if (removedInstructions.length)
      this.logger.warn(
        { clusterId: id, count: removedInstructions.length },
        'source sentences addressed to the model were left out of the prompt',
      );
    const findings = { ...reviewed, removedInstructions };
    if (verdict === 'hold') {
      this.logger.warn({ clusterId: id, reasons: findings.reasons }, 'translation held for review');
      const changes = { ...base, status: 'held' as const, output, review: findings, lastError: null };
      return this.finish(id, claimId, changes, result, null, 'held');
    }
    const model = result.model ?? 'unknown';
    const published = (sources: OriginalSource[]) =>
      translatedPayload({ ...job.source, sources }, job.articleId, output, model, usage, at);
    const changes = { ...base, status: 'translated' as const, output, review: findings, lastError: null };
    return this.finish(id, claimId, changes, result, published, 'translated');
  }

  /**
   * The backfill: translates every pending job nobody is working on, oldest first, one at a time (an
   * LLM is rate-limited anyway). A failure is reported and the run goes on.
   */
  async translatePending(options: {
    limit?: number;
    onProgress?: (progress: BackfillProgress) => void;
  }): Promise<BackfillSummary> {
    if (!this.llm.enabled) throw new Error('LLM is not configured: set LLM_BASE_URL and LLM_MODEL first');
    const ids = await this.translations.findClaimablePendingIds(isoNow(this.clock), options.limit ?? 10_000);
    const summary: BackfillSummary = { translated: 0, held: 0, skipped: 0, failed: 0 };
    for (const [index, id] of ids.entries()) {
      let outcome: BackfillProgress['outcome'];
      let detail: string | undefined;
      try {
        outcome = (await this.translate(id)) as BackfillProgress['outcome'];
      } catch (error) {
        outcome = 'failed';
        detail = error instanceof Error ? error.message : String(error);
      }
      summary[outcome] += 1;
      options.onProgress?.({ done: index + 1, total: ids.length, id, outcome, detail });
    }
    return summary;
  }

  countPending(): Promise<number> {
    return this.translations.countByStatus('pending');
  }

  /** Jobs whose article.translated the relay has not handed to the bus yet. */
  countUnpublished(): Promise<number> {
    return this.translations.countUnpublished();
  }

  /**
   * Stores the job's result with its event, built from the job's sources at the time of the write: when
   * a joined source was merged into the job while the LLM worked, the job is read again and the event
   * rebuilt, so the article lists every source.
   */
  private async finish(
    id: string,
    claimId: string,
    changes: Partial<TranslationRecord>,
    run: RewriteRun,
    published: ((sources: OriginalSource[]) => ArticleTranslatedPayload) | null,
    outcome: TranslateOutcome,
  ): Promise<TranslateOutcome> {
    for (let attempt = 0; attempt < FINISH_ATTEMPTS; attempt += 1) {
      const job = await this.translations.findById(id);
      // Lost: the claim expired and another worker took the job; its result stands, nothing is emitted twice.
      if (!job || job.status !== 'pending' || job.claimedBy !== claimId) return 'skipped';
      const sources = job.source.sources;
      const event = published ? published(sources) : null;
      if (await this.translations.finish(id, claimId, sources.length, changes, run, event)) return outcome;
    }
    throw new Error(`translation ${id}: sources kept changing while the translation was stored`);
  }

  /** A joined story's sources into the cluster's existing job, re-publishing an article already out. */
  private async mergeSources(source: ArticleCollectedPayload): Promise<CollectedOutcome> {
    const at = isoNow(this.clock);
    const outcome = await this.translations.mergeSources(
      source.clusterId,
      source.sources,
      at,
      (job, sources) => this.republished(job, sources, at),
    );
    if (outcome === 'missing' || outcome === 'unchanged') return 'skipped';
    this.logger.info({ clusterId: source.clusterId, outcome }, 'joined sources merged into the article');
    return 'merged';
  }

  /**
   * The article.translated a merge re-publishes: the same text with every source, when the job has
   * published one and no worker is translating it now; null otherwise (held, in progress, or never
   * published), and then the next article.translated of the job carries the sources.
   */
  private republished(
    job: TranslationRecord,
    sources: OriginalSource[],
    at: string,
  ): ArticleTranslatedPayload | null {
    // A demo sample is never re-published as a real article.
    if ((job as { sample?: boolean }).sample) return null;
    const source = { ...job.source, sources };
    if (job.status === 'translated' && job.output) {
      return translatedPayload(source, job.articleId, job.output, job.model ?? 'unknown', job.usage, at);
    }
    const claimed = job.claimedBy !== null && job.claimedUntil !== null && job.claimedUntil > at;
    if (job.status === 'pending' && job.published === true && !claimed) {
      return pendingPayload(source, job.articleId, job.classification, at);
    }
    return null;
  }

  private newRecord(source: ArticleCollectedPayload): TranslationRecord {
    const now = isoNow(this.clock);
    return {
      _id: source.clusterId,
      // One article per cluster, for good: a redelivered or re-translated cluster updates the same article.
      articleId: source.clusterId,
      status: 'pending',
      source,
      classification: classifyByKeywords({
        title: source.title,
        summary: htmlToText(source.summary),
        body: htmlToText(source.bodyHtml),
      }),
      attempts: 0,
      usage: { promptTokens: 0, completionTokens: 0 },
      costUsd: null,
      model: null,
      output: null,
      review: null,
      lastError: null,
      claimedBy: null,
      claimedUntil: null,
      createdAt: now,
      updatedAt: now,
    };
  }
}
