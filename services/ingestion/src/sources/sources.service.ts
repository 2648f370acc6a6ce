import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { mergedSourceSchema, TOPICS, type CreateSourceBody, type UpdateSourceBody } from '@pulse/contracts';
import {
  DuplicateKeyError,
  LOGGER,
  OUTBOX,
  StaffAudit,
  type OutboxWriter,
  CLOCK,
  type Clock,
} from '@pulse/platform';
import type { Logger } from 'pino';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import { DEFAULT_SOURCES } from './default-sources';
import { refusePrivateNetworkUnlessAllowed } from './private-network';
import { WebSubSubscriptions } from '../websub/websub-subscriptions.service';
import { IngestionPurges } from './ingestion-purges';
import { SourceAnnouncer, SourceKeptChangingError } from './source-announcer';
import { catalogueFingerprint, nextUpdatedAt, sourceUpdatedPayload } from './source-catalogue';
import {
  toSourceAdminView,
  toSourceView,
  type SourceAdminView,
  type SourceDocument,
  type SourceView,
} from './source.record';
import { SourceRepository } from './source.repository';

/** Set once the default list was seeded: sources an admin deletes later stay deleted after a restart. */
const SEEDED_MARKER = 'default-sources-seeded';

@Injectable()
export class SourcesService implements OnModuleInit {
  constructor(
    private readonly sources: SourceRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    private readonly purges: IngestionPurges,
    private readonly websub: WebSubSubscriptions,
    private readonly announcer: SourceAnnouncer,
    private readonly audit: StaffAudit,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.INGESTION_SEED_DEFAULT_SOURCES) await this.seedDefaults();
    await this.announceUnannounced();
  }

  async list(): Promise<SourceView[]> {
    return (await this.sources.list()).map(toSourceView);
  }

  /** The admin's list: how each source is fetched, and its last run's own error message. */
  async listForAdmin(): Promise<SourceAdminView[]> {
    return (await this.sources.list()).map(toSourceAdminView);
  }

  async get(id: string): Promise<SourceView> {
    return toSourceView(await this.require(id));
  }

  async create(dto: CreateSourceBody): Promise<SourceAdminView> {
    refusePrivateNetworkUnlessAllowed(dto.allowPrivateNetwork, this.config);
    const source = this.newSource(randomUUID(), dto, 'admin');
    await this.insertUnique(source);
    await this.purges.sourcesChanged();
    return toSourceAdminView(source);
  }

  async update(id: string, patch: UpdateSourceBody): Promise<SourceAdminView> {
    refusePrivateNetworkUnlessAllowed(patch.allowPrivateNetwork, this.config);
    const before = await this.require(id);
    const changed = await this.change(before, (current) => {
      // The source as it would be after the patch is checked here: only the service holds the stored
      // source the patch applies to (a type changed to 'scrape' needs selectors).
      // eslint-disable-next-line edge-input/no-parse-in-services
      const merged = mergedSourceSchema.parse({ ...this.editable(current), ...patch });
      // Validators belong to the old URL; sending them to a new one could wrongly get a 304. Its pace
      // and push state are the old feed's too (the page then says nothing of WebSub until the new feed's
      // hub is asked).
      const urlChanged = merged.url !== current.url;
      const reset = { etag: null, lastModified: null, publishRate: null, pushUntil: null, websub: null };
      return { ...merged, ...(urlChanged ? reset : {}) };
    });
    await this.purges.sourcesChanged();
    // The old feed's hub stops pushing it (else its lease is renewed and its pushes taken as this
    // source's); the new feed's hub, if it names one, is asked at the next poll.
    if (changed.url !== before.url) await this.stopPushes(before);
    return this.audited(before, changed);
  }

  /**
   * The content service hears of the removal first (enabled false, from a record of its own, since the
   * deleted document's pending events go with it); a crash before the delete leaves the source in place
   * for the admin to delete again rather than a source content keeps listing.
   */
  async remove(id: string): Promise<void> {
    const current = await this.require(id);
    const removedAt = nextUpdatedAt(current.updatedAt, this.clock.now());
    const event = this.outbox.event(
      TOPICS.sourceUpdated,
      sourceUpdatedPayload(current, { enabled: false, updatedAt: removedAt }),
    );
    await this.sources.recordRemoval({ _id: randomUUID(), sourceId: current._id, removedAt }, [event]);
    if (!(await this.sources.delete(current._id))) throw new NotFoundException('Source not found');
    await this.purges.sourcesChanged();
    await this.stopPushes(current);
  }

  /** Asks the hub to stop pushing `source`'s feed; one that cannot be reached is logged, nothing more. */
  private async stopPushes(source: SourceDocument): Promise<void> {
    await this.websub
      .unsubscribeAll(source)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, sourceId: source._id }, 'WebSub unsubscribe failed'),
      );
  }

  async pause(id: string): Promise<SourceAdminView> {
    const before = await this.require(id);
    const paused = await this.change(before, () => ({ paused: true }));
    await this.purges.sourcesChanged();
    return this.audited(before, paused);
  }

  /** A resumed source is due at the scheduler's next look rather than after its old backoff. */
  async resume(id: string): Promise<SourceAdminView> {
    const before = await this.require(id);
    const resumed = await this.change(before, () => ({ paused: false, nextRunAt: null }));
    await this.purges.sourcesChanged();
    return this.audited(before, resumed);
  }

  /** The source's admin view after a staff change, with before and after given to the audit log. */
  private audited(before: SourceDocument, after: SourceDocument): SourceAdminView {
    const view = toSourceAdminView(after);
    this.audit.change(toSourceAdminView(before), view);
    return view;
  }

  /**
   * Announces (source.updated) every source whose catalogue entry differs from the one last announced:
   * sources stored before the event existed. Run at every start; a restart with nothing changed writes
   * nothing, and two replicas starting together announce a source once (the write is conditional).
   */
  async announceUnannounced(): Promise<number> {
    let announced = 0;
    for (const source of await this.sources.list()) {
      const fingerprint = catalogueFingerprint(source);
      if (source.announced === fingerprint) continue;
      const updatedAt = nextUpdatedAt(source.updatedAt, this.clock.now());
      const event = this.outbox.event(TOPICS.sourceUpdated, sourceUpdatedPayload({ ...source, updatedAt }));
      const set = { announced: fingerprint, updatedAt };
      if (await this.sources.updateAnnounced(source._id, source.announced, set, [event])) announced += 1;
    }
    if (announced > 0) this.logger.info({ announced }, 'sources announced to the content service');
    return announced;
  }

  /** Idempotent: fixed ids, duplicates skipped, and a marker so it happens once per store. */
  async seedDefaults(): Promise<void> {
    if (await this.sources.hasMarker(SEEDED_MARKER)) return;
    let added = 0;
    for (const { id, ...dto } of DEFAULT_SOURCES) {
      try {
        const source = this.newSource(id, dto, 'default-list');
        await this.sources.insert(source, [this.announcement(source)]);
        added += 1;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    await this.sources.setMarker(SEEDED_MARKER, this.nowIso());
    this.logger.info({ added }, 'default sources seeded');
    if (added > 0) await this.purges.sourcesChanged();
  }

  private newSource(id: string, dto: CreateSourceBody, origin: SourceDocument['origin']): SourceDocument {
    const now = this.nowIso();
    const source: SourceDocument = {
      _id: id,
      ...dto,
      origin,
      paused: false,
      count: 0,
      consecutiveFailures: 0,
      lastRunAt: null,
      lastError: null,
      lastErrorCategory: null,
      nextRunAt: null,
      publishRate: null,
      etag: null,
      lastModified: null,
      createdAt: now,
      updatedAt: now,
    };
    return { ...source, announced: catalogueFingerprint(source) };
  }

  /** The source.updated event of a source as it is about to be stored. */
  private announcement(source: SourceDocument) {
    return this.outbox.event(TOPICS.sourceUpdated, sourceUpdatedPayload(source));
  }

  /**
   * Applies an admin change; when the catalogue entry changes, the same write stores source.updated
   * (SourceAnnouncer). A change of fetch options alone announces nothing.
   */
  private async change(
    first: SourceDocument,
    fields: (current: SourceDocument) => Partial<SourceDocument>,
  ): Promise<SourceDocument> {
    try {
      const changed = await this.conflictOnDuplicateUrl(() =>
        this.announcer.change(first, fields, { touch: true }),
      );
      if (!changed) throw new NotFoundException('Source not found');
      return changed;
    } catch (error) {
      if (error instanceof SourceKeptChangingError)
        throw new ConflictException('The source kept changing; try again');
      throw error;
    }
  }

  private editable(source: SourceDocument) {
    const {
      name,
      description,
      sourceType,
      url,
      imageUrl,
      category,
      scrape,
      intervalMinutes,
      allowPrivateNetwork,
    } = source;
    return {
      name,
      description,
      sourceType,
      url,
      imageUrl,
      category,
      scrape,
      intervalMinutes,
      allowPrivateNetwork,
    };
  }

  private async require(id: string): Promise<SourceDocument> {
    const source = await this.sources.findById(id);
    if (!source) throw new NotFoundException('Source not found');
    return source;
  }

  private insertUnique(source: SourceDocument): Promise<void> {
    return this.conflictOnDuplicateUrl(() => this.sources.insert(source, [this.announcement(source)]));
  }

  private async conflictOnDuplicateUrl<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof DuplicateKeyError)
        throw new ConflictException('A source with this URL already exists');
      throw error;
    }
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
