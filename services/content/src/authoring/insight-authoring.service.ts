import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  createInsightBodySchema,
  type AdminInsight,
  type AdminListQuery,
  type AdminListResponse,
  type CreateInsightBody,
  type UpdateInsightBody,
} from '@pulse/contracts';
import { LOGGER, OUTBOX, OutboxWriter, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import { toArticle } from '../articles/article.mapper';
import { ZERO_ENGAGEMENT, type ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { publishedEvents } from '../publishing/translated-article';
import { adminListPage } from './admin-list';
import { toInsightContent, toInsightInput, type InsightContent } from './insight.content';

export const INSIGHT_NOT_FOUND = 'Insight not found';
/** Cards show 2 key insights (the featured one 3, docs/spec-content.md §2), so a published insight needs 2. */
export const MIN_KEY_INSIGHTS_TO_PUBLISH = 2;

/**
 * Insights written here, not by the translation pipeline: those have no source version (a translated
 * article carries its translatedAt). Admins edit only these, so a re-translation never overwrites an
 * editor's work and an editor never edits what the next re-translation would overwrite.
 */
const isAuthored = (record: ArticleRecord): boolean =>
  record.type === 'insight' && record.sourceVersion === null && record.state !== 'held';

/**
 * Admin authoring of insights: an insight is an Article of type 'insight', written
 * as a draft; publishing makes it visible and emits article.published in the same write (outbox), then
 * tells the derived views (search, caches, feeds) through ArticleChanges.
 */
@Injectable()
export class InsightAuthoringService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly changes: ArticleChanges,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
  ) {}

  list(query: AdminListQuery): Promise<AdminListResponse<AdminInsight>> {
    return adminListPage(
      (state, skip, limit) => this.articles.authoredInsightsPage(state, skip, limit),
      query,
      toAdminInsight,
    );
  }

  async get(id: string): Promise<AdminInsight> {
    return toAdminInsight(await this.require(id));
  }

  async create(body: CreateInsightBody): Promise<AdminInsight> {
    return toAdminInsight(await this.createDraft(toInsightContent(body)));
  }

  /** Stores a new draft insight (the admin API and the LLM drafts). */
  async createDraft(content: InsightContent): Promise<ArticleRecord> {
    const now = this.nowIso();
    const record: ArticleRecord = {
      _id: `insight-${randomUUID()}`,
      type: 'insight',
      state: 'draft',
      ...content,
      // Replaced by the moment of publishing; a draft is listed by nobody but admins.
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      ...ZERO_ENGAGEMENT,
      techMeta: null,
      // Written in Korean here: nothing for the translation pipeline to do.
      translationStatus: 'translated',
      sourceVersion: null,
    };
    if (!(await this.articles.insert(record, []))) throw new ConflictException('Insight id already exists');
    return record;
  }

  /** PATCH: merges onto the stored insight; a published one stays published and is announced again. */
  async update(id: string, patch: UpdateInsightBody): Promise<AdminInsight> {
    const current = await this.require(id);
    // The stored insight with the patch applied is checked against the whole insight's schema here: only the
    // service holds the stored insight the patch applies to.
    // eslint-disable-next-line edge-input/no-parse-in-services
    const content = toInsightContent(createInsightBodySchema.parse({ ...toInsightInput(current), ...patch }));
    const next: ArticleRecord = { ...current, ...content, updatedAt: this.nowIso() };
    // A published insight's new title and summary reach trending and the newsletter the way a
    // re-translated article's do: article.published again (consumers are idempotent by article id).
    const events =
      next.state === 'published' ? publishedEvents(this.outbox, next, this.site.PUBLIC_SITE_URL) : [];
    const applied = await this.articles.updateIfUnchanged(
      current._id,
      { state: current.state, updatedAt: current.updatedAt },
      { ...content, updatedAt: next.updatedAt },
      events,
    );
    if (!applied) throw new ConflictException('The insight changed meanwhile; reload it and try again');
    if (next.state === 'published') await this.notify(next);
    return toAdminInsight(next);
  }

  /** Publishes a draft; publishing a published insight changes nothing and answers it as it is. */
  async publish(id: string): Promise<AdminInsight> {
    const current = await this.require(id);
    if (current.state === 'published') return toAdminInsight(current);
    const keyInsights = current.insightMeta?.keyInsights.length ?? 0;
    if (keyInsights < MIN_KEY_INSIGHTS_TO_PUBLISH)
      throw new BadRequestException(
        `keyInsights: an insight needs at least ${MIN_KEY_INSIGHTS_TO_PUBLISH} key insights to be published (has ${keyInsights})`,
      );
    const now = this.nowIso();
    const next: ArticleRecord = { ...current, state: 'published', publishedAt: now, updatedAt: now };
    const applied = await this.articles.updateIfUnchanged(
      current._id,
      { state: 'draft', updatedAt: current.updatedAt },
      { state: 'published', publishedAt: now, updatedAt: now },
      publishedEvents(this.outbox, next, this.site.PUBLIC_SITE_URL),
    );
    if (!applied) throw new ConflictException('The insight changed meanwhile; reload it and try again');
    await this.notify(next);
    return toAdminInsight(next);
  }

  private async require(id: string): Promise<ArticleRecord> {
    const record = await this.articles.findById(id);
    if (!record || !isAuthored(record)) throw new NotFoundException(INSIGHT_NOT_FOUND);
    return record;
  }

  /** Listeners failing never undo the write: each derived view rebuilds from the store (ArticleChanges). */
  private async notify(record: ArticleRecord): Promise<void> {
    try {
      await this.changes.changed(record);
    } catch (error) {
      this.logger.error({ err: error, articleId: record._id }, 'a listener failed after an insight changed');
    }
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

export function toAdminInsight(record: ArticleRecord): AdminInsight {
  return {
    ...toArticle(record),
    state: record.state === 'published' ? 'published' : 'draft',
    createdAt: record.createdAt,
  };
}
