import { Inject, Injectable } from '@nestjs/common';
import { TOPICS } from '@pulse/contracts';
import { OUTBOX, type OutboxWriter, CLOCK, type Clock } from '@pulse/platform';
import { catalogueFingerprint, nextUpdatedAt, sourceUpdatedPayload } from './source-catalogue';
import type { SourceDocument } from './source.record';
import { SourceRepository } from './source.repository';

/** A change retries this often when another writer changes the source between its read and its write. */
const CHANGE_ATTEMPTS = 5;

/** The source changed under every attempt (sources.service.ts answers 409). */
export class SourceKeptChangingError extends Error {
  constructor(readonly sourceId: string) {
    super(`source ${sourceId} kept changing`);
    this.name = 'SourceKeptChangingError';
  }
}

/**
 * Writes a change to a source, and source.updated with it when its public catalogue entry changed:
 * admin edits, and the run state the sources page shows (poll interval, WebSub state). The event and the
 * new fingerprint go in the same write, conditional on the fingerprint read, retried when another writer
 * got there first; a change that leaves the entry as it was announces nothing.
 */
@Injectable()
export class SourceAnnouncer {
  constructor(
    private readonly sources: SourceRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Applies `fields(current)` to the source; null when it does not exist (or no longer). `touch` moves
   * updatedAt even when nothing is announced (an admin edit of fetch options).
   */
  async change(
    first: SourceDocument | string,
    fields: (current: SourceDocument) => Partial<SourceDocument>,
    { touch = false }: { touch?: boolean } = {},
  ): Promise<SourceDocument | null> {
    let current = typeof first === 'string' ? await this.sources.findById(first) : first;
    for (let attempt = 0; attempt < CHANGE_ATTEMPTS && current; attempt += 1) {
      const { _id, announced } = current;
      const changed = fields(current);
      const fingerprint = catalogueFingerprint({ ...current, ...changed });
      const announce = fingerprint !== announced;
      // Only the changed fields are written: a run recording its outcome meanwhile keeps its fields.
      const set =
        announce || touch
          ? { ...changed, updatedAt: nextUpdatedAt(current.updatedAt, this.clock.now()) }
          : changed;
      const next: SourceDocument = { ...current, ...set };
      const events = announce ? [this.outbox.event(TOPICS.sourceUpdated, sourceUpdatedPayload(next))] : [];
      const updated = await this.sources.updateAnnounced(
        _id,
        announced,
        { ...set, announced: fingerprint },
        events,
      );
      if (updated) return updated;
      current = await this.sources.findById(_id);
    }
    if (current) throw new SourceKeptChangingError(current._id);
    return null;
  }
}
