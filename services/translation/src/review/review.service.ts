import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  EditHeldBody,
  HeldItemDetail,
  HeldListQuery,
  HeldListResponse,
  RejectHeldBody,
} from '@pulse/contracts';
import { CLOCK, isoNow, LOGGER, StaffAudit, type Clock, type Logger } from '@pulse/platform';
import { translatedPayload } from '../events/article-translated.payload';
import { sanitiseHtml } from '../sanitise/sanitise-html';
import type { TranslationRecord } from '../translation.record';
import { TranslationRepository } from '../translation.repository';
import { assertPublishable } from '../validate/check-edited-output';
import { editedFields } from './edited-fields';
import { reviewStateOf, toHeldDetail, toHeldSummary } from './held-item.view';

/** A release retries this often when a joined source is merged into the job between its read and write. */
const RELEASE_ATTEMPTS = 5;

/**
 * The rules of reviewing held translations (ARCHITECTURE.md, "Held translations"): a held job is read
 * with its source, edited under the translator's own checks, then released through the translator's
 * event (article.translated in the job's outbox) or rejected (kept, never published). Release and reject
 * are idempotent: repeating the decision answers the job as it stands and emits nothing more.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly translations: TranslationRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: StaffAudit,
  ) {}

  async list(query: HeldListQuery): Promise<HeldListResponse> {
    const [total, records] = await Promise.all([
      this.translations.countForReview(query.state),
      this.translations.findForReview(query.state, (query.page - 1) * query.limit, query.limit),
    ]);
    return {
      items: records.map(toHeldSummary),
      pagination: { page: query.page, totalPages: Math.ceil(total / query.limit), total },
    };
  }

  async get(id: string): Promise<HeldItemDetail> {
    return toHeldDetail(await this.reviewed(id));
  }

  /** Changes the held output; the merged output must pass the translator's checks (400 naming the field). */
  async edit(id: string, changes: EditHeldBody): Promise<HeldItemDetail> {
    const job = await this.held(id);
    // With no output from the model every field is the editor's; a missing one is a 400 naming it.
    const merged = { ...job.output, ...changes };
    const valid = assertPublishable(merged, job.source);
    const output = { ...valid, bodyHtml: sanitiseHtml(valid.bodyHtml) };
    if (!(await this.translations.updateHeldOutput(id, output, isoNow(this.clock))))
      throw new ConflictException('this translation is no longer held');
    const edited = editedFields(changes, job.output, output);
    if (edited) this.audit.change(edited.before, edited.after);
    this.logger.info({ clusterId: id, fields: Object.keys(changes) }, 'held translation edited');
    return this.get(id);
  }

  /**
   * Publishes the held output through the normal path: the job becomes 'translated' and its
   * article.translated is stored with it, so content publishes it like any translation.
   */
  async release(id: string): Promise<HeldItemDetail> {
    for (let attempt = 0; attempt < RELEASE_ATTEMPTS; attempt += 1) {
      const job = await this.reviewed(id);
      const state = reviewStateOf(job);
      if (state === 'released') return toHeldDetail(job);
      if (state === 'rejected') throw new ConflictException('this translation was rejected');
      if (!job.output)
        throw new ConflictException('this translation has no output: edit it before releasing');
      // The stored output is checked again: what was held for a foreign link cannot leave unedited.
      assertPublishable(job.output, job.source);
      const at = isoNow(this.clock);
      const event = translatedPayload(
        job.source,
        job.articleId,
        job.output,
        job.model ?? 'unknown',
        job.usage,
        at,
      );
      const decision = { state: 'released' as const, at, reason: null };
      if (await this.translations.releaseHeld(id, job.source.sources.length, decision, event)) {
        this.audit.change({ state: 'held' }, { state: 'released' });
        this.logger.info({ clusterId: id }, 'held translation released');
        return this.get(id);
      }
    }
    throw new ConflictException('this translation kept changing; try again');
  }

  /** Keeps the job, never published, with the editor's reason. */
  async reject(id: string, body: RejectHeldBody): Promise<HeldItemDetail> {
    const job = await this.reviewed(id);
    const state = reviewStateOf(job);
    if (state === 'rejected') return toHeldDetail(job);
    if (state === 'released') throw new ConflictException('this translation was already released');
    const decision = { state: 'rejected' as const, at: isoNow(this.clock), reason: body.reason };
    if (!(await this.translations.rejectHeld(id, decision))) return this.reject(id, body);
    this.audit.change({ state: 'held' }, { state: 'rejected', reason: body.reason });
    this.logger.info({ clusterId: id }, 'held translation rejected');
    return this.get(id);
  }

  /** A job that is or was held; any other id (never held, unknown) is a 404. */
  private async reviewed(id: string): Promise<TranslationRecord> {
    const job = await this.translations.findById(id);
    if (!job || reviewStateOf(job) === null) throw new NotFoundException(`no held translation ${id}`);
    return job;
  }

  private async held(id: string): Promise<TranslationRecord> {
    const job = await this.reviewed(id);
    if (job.status !== 'held')
      throw new ConflictException(`this translation was already ${reviewStateOf(job)}`);
    return job;
  }
}
