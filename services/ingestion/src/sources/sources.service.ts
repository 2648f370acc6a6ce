import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { DuplicateKeyError, LOGGER } from '@pulse/platform';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../schedule/clock';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import { DEFAULT_SOURCES } from './default-sources';
import {
  createSourceSchema,
  mergedSourceSchema,
  sourceIdSchema,
  updateSourceSchema,
  type CreateSourceDto,
} from './source.dto';
import {
  toSourceAdminView,
  toSourceView,
  type SourceAdminView,
  type SourceDocument,
  type SourceView,
} from './source.entity';
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
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.INGESTION_SEED_DEFAULT_SOURCES) await this.seedDefaults();
  }

  async list(): Promise<SourceView[]> {
    return (await this.sources.list()).map(toSourceView);
  }

  async get(id: string): Promise<SourceView> {
    return toSourceView(await this.require(id));
  }

  async create(body: unknown): Promise<SourceAdminView> {
    const dto = createSourceSchema.parse(body);
    const source = this.newSource(randomUUID(), dto, 'admin');
    await this.insertUnique(source);
    return toSourceAdminView(source);
  }

  async update(id: string, body: unknown): Promise<SourceAdminView> {
    const patch = updateSourceSchema.parse(body);
    const current = await this.require(id);
    const merged = mergedSourceSchema.parse({ ...this.editable(current), ...patch });
    // Validators belong to the old URL; sending them to a new one could wrongly get a 304.
    const urlChanged = merged.url !== current.url;
    const updated = await this.updateOrConflict(id, {
      ...merged,
      ...(urlChanged ? { etag: null, lastModified: null } : {}),
      updatedAt: this.nowIso(),
    });
    return toSourceAdminView(updated);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.sources.delete(sourceIdSchema.parse(id))))
      throw new NotFoundException('Source not found');
  }

  async pause(id: string): Promise<SourceAdminView> {
    return toSourceAdminView(await this.updateOrConflict(id, { paused: true, updatedAt: this.nowIso() }));
  }

  /** A resumed source is due at the scheduler's next look rather than after its old backoff. */
  async resume(id: string): Promise<SourceAdminView> {
    return toSourceAdminView(
      await this.updateOrConflict(id, { paused: false, nextRunAt: null, updatedAt: this.nowIso() }),
    );
  }

  /** Idempotent: fixed ids, duplicates skipped, and a marker so it happens once per store. */
  async seedDefaults(): Promise<void> {
    if (await this.sources.hasMarker(SEEDED_MARKER)) return;
    let added = 0;
    for (const { id, ...dto } of DEFAULT_SOURCES) {
      try {
        await this.sources.insert(this.newSource(id, dto, 'default-list'));
        added += 1;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    await this.sources.setMarker(SEEDED_MARKER, this.nowIso());
    this.logger.info({ added }, 'default sources seeded');
  }

  private newSource(id: string, dto: CreateSourceDto, origin: SourceDocument['origin']): SourceDocument {
    const now = this.nowIso();
    return {
      _id: id,
      ...dto,
      origin,
      paused: false,
      count: 0,
      consecutiveFailures: 0,
      lastRunAt: null,
      lastError: null,
      nextRunAt: null,
      etag: null,
      lastModified: null,
      createdAt: now,
      updatedAt: now,
    };
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
    const source = await this.sources.findById(sourceIdSchema.parse(id));
    if (!source) throw new NotFoundException('Source not found');
    return source;
  }

  private async insertUnique(source: SourceDocument): Promise<void> {
    try {
      await this.sources.insert(source);
    } catch (error) {
      if (error instanceof DuplicateKeyError)
        throw new ConflictException('A source with this URL already exists');
      throw error;
    }
  }

  private async updateOrConflict(id: string, set: Record<string, unknown>): Promise<SourceDocument> {
    try {
      const updated = await this.sources.update(sourceIdSchema.parse(id), { $set: set });
      if (!updated) throw new NotFoundException('Source not found');
      return updated;
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
