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
  TOPICS,
  type AdminInsight,
  type AdminListQuery,
  type AdminListResponse,
  type AuthoringRevisionsResponse,
  type CreateInsightBody,
  type StaffPrincipal,
  type UpdateInsightBody,
  type WithdrawBody,
} from '@pulse/contracts';
import { LOGGER, OUTBOX, OutboxWriter, CLOCK, StaffAudit, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import { toArticle } from '../articles/article.mapper';
import { ZERO_ENGAGEMENT, type ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { publishedEvents } from '../publishing/translated-article';
import { adminListPage } from './admin-list';
import { toInsightContent, toInsightInput, type InsightContent } from './insight.content';
import { AuthoringRevisions, changedFields, filledFields } from './revisions/authoring-revisions';
import { editedValues } from './revisions/edited-values';

export const INSIGHT_NOT_FOUND = 'Insight not found';
/** Cards show 2 key insights (the featured one 3, docs/spec-content.md §2), so a published insight needs 2. */
export const MIN_KEY_INSIGHTS_TO_PUBLISH = 2;
export const ONLY_PUBLISHED_WITHDRAWN = 'Only a published insight can be withdrawn';
/** The fields an editor writes, as the API names them: what a revision says changed. */
const INSIGHT_FIELDS = Object.keys(createInsightBodySchema.shape);

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
 * tells the derived views (search, caches, feeds) through ArticleChanges. Withdrawing takes a published
 * one down with a reason (its address then answers 410); publishing it again puts it back. Each of these
 * is noted in the insight's revisions.
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
    private readonly revisions: AuthoringRevisions,
    private readonly audit: StaffAudit,
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

  async create(body: CreateInsightBody, by: StaffPrincipal): Promise<AdminInsight> {
    return toAdminInsight(await this.createDraft(toInsightContent(body), by, 'create'));
  }

  revisionsOf(id: string): Promise<AuthoringRevisionsResponse> {
    return this.require(id).then(() => this.revisions.list('insight', id));
  }

  /** Stores a new draft insight (the admin API, 'create', and the LLM drafts, 'draft'). */
  async createDraft(
    content: InsightContent,
    by: StaffPrincipal,
    action: 'create' | 'draft',
  ): Promise<ArticleRecord> {
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
    await this.revisions.note({
      kind: 'insight',
      itemId: record._id,
      action,
      by,
      fields: filledFields(toInsightInput(record), INSIGHT_FIELDS),
    });
    return record;
  }

  /** PATCH: merges onto the stored insight; a published one stays published and is announced again. */
  async update(id: string, patch: UpdateInsightBody, by: StaffPrincipal): Promise<AdminInsight> {
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
    const fields = changedFields(toInsightInput(current), toInsightInput(next), INSIGHT_FIELDS);
    const edited = editedValues(toInsightInput(current), toInsightInput(next), fields);
    if (edited) this.audit.change(edited.before, edited.after);
    await this.revisions.note({ kind: 'insight', itemId: id, action: 'update', by, fields });
    return toAdminInsight(next);
  }

  /**
   * Publishes a draft, or a withdrawn insight again (its withdrawal is cleared); publishing a published
   * insight changes nothing and answers it as it is.
   */
  async publish(id: string, by: StaffPrincipal): Promise<AdminInsight> {
    const current = await this.require(id);
    if (current.state === 'published') return toAdminInsight(current);
    const keyInsights = current.insightMeta?.keyInsights.length ?? 0;
    if (keyInsights < MIN_KEY_INSIGHTS_TO_PUBLISH)
      throw new BadRequestException(
        `keyInsights: an insight needs at least ${MIN_KEY_INSIGHTS_TO_PUBLISH} key insights to be published (has ${keyInsights})`,
      );
    const now = this.nowIso();
    const changes = { state: 'published', publishedAt: now, updatedAt: now, withdrawal: null } as const;
    const next: ArticleRecord = { ...current, ...changes };
    const applied = await this.articles.updateIfUnchanged(
      current._id,
      { state: current.state, updatedAt: current.updatedAt },
      changes,
      publishedEvents(this.outbox, next, this.site.PUBLIC_SITE_URL),
    );
    if (!applied) throw new ConflictException('The insight changed meanwhile; reload it and try again');
    await this.notify(next);
    this.audit.change(stateOf(current), stateOf(next));
    await this.revisions.note({ kind: 'insight', itemId: id, action: 'publish', by, fields: ['state'] });
    return toAdminInsight(next);
  }

  /**
   * Takes a published insight down with a reason: it leaves the lists, feeds, sitemap and search (the
   * derived views drop what is not published), trending's lists (article.withdrawn, in the same write), and
   * its address answers 410.
   */
  async withdraw(id: string, { reason }: WithdrawBody, by: StaffPrincipal): Promise<AdminInsight> {
    const current = await this.require(id);
    if (current.state !== 'published') throw new ConflictException(ONLY_PUBLISHED_WITHDRAWN);
    const now = this.nowIso();
    const changes = {
      state: 'withdrawn',
      updatedAt: now,
      withdrawal: { reason, at: now, by: by.name },
    } as const;
    const next: ArticleRecord = { ...current, ...changes };
    const applied = await this.articles.updateIfUnchanged(
      current._id,
      { state: 'published', updatedAt: current.updatedAt },
      changes,
      // Trending lists published articles from its own copy: this takes it off (article-withdrawn.event.ts).
      [this.outbox.event(TOPICS.articleWithdrawn, { id: current._id, withdrawnAt: now })],
    );
    if (!applied) throw new ConflictException('The insight changed meanwhile; reload it and try again');
    await this.notify(next);
    this.audit.change(stateOf(current), stateOf(next));
    await this.revisions.note({
      kind: 'insight',
      itemId: id,
      action: 'withdraw',
      by,
      fields: ['state'],
      reason,
    });
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

/** What the audit log shows of a publish or a withdrawal. */
const stateOf = (record: ArticleRecord) => ({ state: record.state, withdrawal: record.withdrawal ?? null });

export function toAdminInsight(record: ArticleRecord): AdminInsight {
  return {
    ...toArticle(record),
    state: record.state === 'published' || record.state === 'withdrawn' ? record.state : 'draft',
    createdAt: record.createdAt,
    withdrawal: record.state === 'withdrawn' ? (record.withdrawal ?? null) : null,
  };
}
