import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  createTechAnalysisBodySchema,
  TOPICS,
  type AdminListQuery,
  type AdminListResponse,
  type AdminTechAnalysis,
  type AuthoringRevisionsResponse,
  type CreateTechAnalysisBody,
  type StaffPrincipal,
  type UpdateTechAnalysisBody,
  type WithdrawBody,
} from '@pulse/contracts';
import { DuplicateKeyError, CLOCK, OUTBOX, OutboxWriter, StaffAudit, type Clock } from '@pulse/platform';
import { TechAnalysesRepository } from '../tech-analysis/tech-analyses.repository';
import {
  analysisSlug,
  derivedFields,
  toTechAnalysisContent,
  toTechAnalysisInput,
  type TechAnalysisInput,
} from '../tech-analysis/tech-analysis.content';
import { toAdminTechAnalysis } from '../tech-analysis/tech-analysis.mapper';
import type { TechAnalysisContent, TechAnalysisRecord } from '../tech-analysis/tech-analysis.record';
import { TechAnalysisChanges } from '../tech-analysis/tech-analysis-changes';
import { TechAnalysisPurges } from '../tech-analysis/tech-analysis-purges';
import { ANALYSIS_NOT_FOUND } from '../tech-analysis/tech-analysis.service';
import { adminListPage } from './admin-list';
import { AuthoringRevisions, changedFields, filledFields } from './revisions/authoring-revisions';
import { editedValues } from './revisions/edited-values';

/** What a reader cannot do without: the header's summary, the overview's opening and the closing words. */
const REQUIRED_TO_PUBLISH = ['executiveSummary', 'introduction', 'conclusion'] as const;
/** The fields an editor writes, as the API names them: what a revision says changed. */
const ANALYSIS_FIELDS = Object.keys(createTechAnalysisBodySchema.shape);
/** A drafted slug that is taken gets '-2', '-3'… up to this many tries. */
const SLUG_ATTEMPTS = 20;
export const ONLY_PUBLISHED_ANALYSIS_WITHDRAWN = 'Only a published analysis can be withdrawn';

/**
 * Admin authoring of tech analyses: drafts created and edited here, published
 * when complete. Slugs are unique (409 when an editor picks a taken one; drafts from the LLM get a
 * suffix instead). Drafts are in no public answer: only editing a published analysis and publishing one
 * purge the gateway's micro-cache (TechAnalysisPurges). Withdrawing takes a published analysis down with a
 * reason (its address then answers 410); publishing it again puts it back. Each save, publish and
 * withdrawal is noted in the analysis's revisions.
 */
@Injectable()
export class TechAnalysisAuthoringService {
  constructor(
    private readonly analyses: TechAnalysesRepository,
    private readonly purges: TechAnalysisPurges,
    private readonly changes: TechAnalysisChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    private readonly revisions: AuthoringRevisions,
    private readonly audit: StaffAudit,
  ) {}

  list(query: AdminListQuery): Promise<AdminListResponse<AdminTechAnalysis>> {
    return adminListPage(
      (state, skip, limit) => this.analyses.adminPage(state, skip, limit),
      query,
      toAdminTechAnalysis,
    );
  }

  async get(id: string): Promise<AdminTechAnalysis> {
    return toAdminTechAnalysis(await this.require(id));
  }

  async revisionsOf(id: string): Promise<AuthoringRevisionsResponse> {
    await this.require(id);
    return this.revisions.list('tech-analysis', id);
  }

  async create({ slug, ...input }: CreateTechAnalysisBody, by: StaffPrincipal): Promise<AdminTechAnalysis> {
    await this.checkRelated(input.relatedAnalysisIds, null);
    const record = this.newRecord(input, slug ?? analysisSlug(input.technologyName), {
      origin: 'admin',
      model: null,
    });
    await this.insertOrConflict(record);
    await this.noteCreated(record, 'create', by);
    return toAdminTechAnalysis(record);
  }

  /** Stores an LLM draft under a free slug (the name's, else with a numeric suffix). */
  async createDraft(
    input: TechAnalysisInput,
    model: string | null,
    by: StaffPrincipal,
  ): Promise<TechAnalysisRecord> {
    const base = analysisSlug(input.technologyName);
    for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt++) {
      const record = this.newRecord(input, attempt === 1 ? base : `${base}-${attempt}`, {
        origin: 'llm',
        model,
      });
      try {
        await this.analyses.insert(record);
        await this.noteCreated(record, 'draft', by);
        return record;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    throw new ConflictException(`No free slug for '${base}' after ${SLUG_ATTEMPTS} tries`);
  }

  /** PATCH: merges onto the stored analysis; derived fields are recomputed from the result. */
  async update(
    id: string,
    { slug, ...patch }: UpdateTechAnalysisBody,
    by: StaffPrincipal,
  ): Promise<AdminTechAnalysis> {
    const current = await this.require(id);
    await this.checkRelated(patch.relatedAnalysisIds ?? null, current._id);
    // The stored analysis with the patch applied is checked against the whole analysis's schema here: only the
    // service holds the stored analysis the patch applies to.
    // eslint-disable-next-line edge-input/no-parse-in-services
    const { slug: _slug, ...merged } = createTechAnalysisBodySchema.parse({
      ...toTechAnalysisInput(current),
      ...patch,
    });
    const content = toTechAnalysisContent(merged);
    const set = {
      ...content,
      ...derivedFields(content),
      ...(slug ? { slug } : {}),
      updatedAt: this.nowIso(),
    };
    let updated: TechAnalysisRecord | null;
    try {
      updated = await this.analyses.updateIfUnchanged(current._id, { updatedAt: current.updatedAt }, set);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw slugTaken(slug ?? current.slug);
      throw error;
    }
    if (!updated) throw new ConflictException('The analysis changed meanwhile; reload it and try again');
    if (updated.state === 'published') {
      await this.purges.changed(updated._id);
      await this.changes.changed(updated);
    }
    const was = { ...toTechAnalysisInput(current), slug: current.slug };
    const now = { ...toTechAnalysisInput(updated), slug: updated.slug };
    const fields = changedFields(was, now, ANALYSIS_FIELDS);
    const edited = editedValues(was, now, fields);
    if (edited) this.audit.change(edited.before, edited.after);
    await this.revisions.note({ kind: 'tech-analysis', itemId: id, action: 'update', by, fields });
    return toAdminTechAnalysis(updated);
  }

  /**
   * Publishes a complete draft, or a withdrawn analysis again (its withdrawal is cleared, and trending is
   * told of it as of any publishing); publishing a published analysis changes nothing.
   */
  async publish(id: string, by: StaffPrincipal): Promise<AdminTechAnalysis> {
    const current = await this.require(id);
    if (current.state === 'published') return toAdminTechAnalysis(current);
    const missing = REQUIRED_TO_PUBLISH.filter((field) => current[field].trim() === '');
    if (missing.length)
      throw new BadRequestException(`${missing.join(', ')}: required before publishing (empty in the draft)`);
    const now = this.nowIso();
    const updated = await this.analyses.updateIfUnchanged(
      current._id,
      { state: current.state, updatedAt: current.updatedAt },
      { state: 'published', publishedAt: now, updatedAt: now, withdrawal: null },
    );
    return this.stateChanged(current, updated, by, 'publish');
  }

  /**
   * Takes a published analysis down with a reason: it leaves the list, related analyses, the sitemap and
   * search (each reads only published analyses; TechAnalysisChanges tells the index), trending's lists
   * (article.withdrawn under the analysis id techanalysis.published carried, in the same write), and its
   * address answers 410.
   */
  async withdraw(id: string, { reason }: WithdrawBody, by: StaffPrincipal): Promise<AdminTechAnalysis> {
    const current = await this.require(id);
    if (current.state !== 'published') throw new ConflictException(ONLY_PUBLISHED_ANALYSIS_WITHDRAWN);
    const now = this.nowIso();
    const updated = await this.analyses.updateIfUnchanged(
      current._id,
      { state: 'published', updatedAt: current.updatedAt },
      { state: 'withdrawn', updatedAt: now, withdrawal: { reason, at: now, by: by.name } },
      [this.outbox.event(TOPICS.articleWithdrawn, { id: current._id, withdrawnAt: now })],
    );
    return this.stateChanged(current, updated, by, 'withdraw', reason);
  }

  /**
   * After a publication or withdrawal was written (`updated` undefined: it changed meanwhile, 409): the
   * caches and the derived views are told, the audit log gets the state before and after, a revision notes it.
   */
  private async stateChanged(
    current: TechAnalysisRecord,
    updated: TechAnalysisRecord | null | undefined,
    by: StaffPrincipal,
    action: 'publish' | 'withdraw',
    reason?: string,
  ): Promise<AdminTechAnalysis> {
    if (!updated) throw new ConflictException('The analysis changed meanwhile; reload it and try again');
    await this.purges.changed(updated._id);
    await this.changes.changed(updated);
    this.audit.change(stateOf(current), stateOf(updated));
    await this.revisions.note({
      kind: 'tech-analysis',
      itemId: current._id,
      action,
      by,
      fields: ['state'],
      ...(reason === undefined ? {} : { reason }),
    });
    return toAdminTechAnalysis(updated);
  }

  private noteCreated(record: TechAnalysisRecord, action: 'create' | 'draft', by: StaffPrincipal) {
    return this.revisions.note({
      kind: 'tech-analysis',
      itemId: record._id,
      action,
      by,
      fields: filledFields({ ...toTechAnalysisInput(record), slug: record.slug }, ANALYSIS_FIELDS),
    });
  }

  private newRecord(
    input: TechAnalysisInput,
    slug: string,
    by: Pick<TechAnalysisRecord, 'origin' | 'model'>,
  ): TechAnalysisRecord {
    const content: TechAnalysisContent = toTechAnalysisContent(input);
    const now = this.nowIso();
    return {
      _id: `ta-${randomUUID()}`,
      slug: slug.normalize('NFC'),
      state: 'draft',
      language: 'ko',
      ...content,
      ...derivedFields(content),
      views: 0,
      likesCount: 0,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
      ...by,
    };
  }

  private async insertOrConflict(record: TechAnalysisRecord): Promise<void> {
    try {
      await this.analyses.insert(record);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw slugTaken(record.slug);
      throw error;
    }
  }

  /** An editor's related analyses must exist and must not include the analysis itself. */
  private async checkRelated(ids: string[] | null, selfId: string | null): Promise<void> {
    if (!ids?.length) return;
    if (selfId && ids.includes(selfId))
      throw new BadRequestException('relatedAnalysisIds: an analysis cannot be related to itself');
    const found = await this.analyses.findByIds(ids);
    const unknown = ids.filter((id) => !found.some((analysis) => analysis._id === id));
    if (unknown.length)
      throw new BadRequestException(`relatedAnalysisIds: unknown analysis ids: ${unknown.join(', ')}`);
  }

  private async require(id: string): Promise<TechAnalysisRecord> {
    const record = await this.analyses.findById(id);
    if (!record) throw new NotFoundException(ANALYSIS_NOT_FOUND);
    return record;
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** What the audit log shows of a publish or a withdrawal. */
const stateOf = (record: TechAnalysisRecord) => ({
  state: record.state,
  publishedAt: record.publishedAt,
  withdrawal: record.withdrawal ?? null,
});

const slugTaken = (slug: string) =>
  new ConflictException(`slug '${slug}' is already used by another analysis; choose another slug`);
