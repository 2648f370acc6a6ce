import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AuthoringRevision,
  AuthoringRevisionsResponse,
  RevisionAction,
  StaffPrincipal,
} from '@pulse/contracts';
import { CLOCK, LOGGER, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { AuthoringRevisionsRepository, type AuthoringRevisionRecord } from './authoring-revisions.repository';

/** The history screen shows the newest this many; older ones stay stored. */
export const REVISIONS_SHOWN = 100;

export interface RevisionNote {
  kind: AuthoringRevisionRecord['itemKind'];
  itemId: string;
  action: RevisionAction;
  by: StaffPrincipal;
  fields: string[];
  reason?: string;
}

/**
 * The content fields whose value differs between two versions of an item, by name, in `after`'s order.
 * Compared as JSON, so a list edited back to what it was is no change.
 */
export function changedFields(before: object, after: object, fields: readonly string[]): string[] {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return fields.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
}

/** Whether a field holds what its default holds: nothing, an empty text or list, 0, or only empties. */
const isEmptyValue = (value: unknown): boolean => {
  if (value === null || value === undefined || value === '' || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  // Pros and cons are one object of two lists: empty when both are.
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
};

/**
 * The fields given a value, for an item's first revision. 0 counts as none: it is the default of the
 * one number an editor may leave unset (an unrated quality score).
 */
export function filledFields(input: object, fields: readonly string[]): string[] {
  const values = input as Record<string, unknown>;
  return fields.filter((field) => !isEmptyValue(values[field]));
}

/**
 * The revision history of authored insights and tech analyses: each save, publish and withdrawal noted
 * with who, when and which fields changed. Noted right after the item's own write: a store failure
 * between the two loses that one note (logged), never the editor's change, and the staff audit log
 * still records the request.
 */
@Injectable()
export class AuthoringRevisions {
  constructor(
    private readonly revisions: AuthoringRevisionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async note({ kind, itemId, action, by, fields, reason }: RevisionNote): Promise<void> {
    const record: AuthoringRevisionRecord = {
      _id: randomUUID(),
      itemKind: kind,
      itemId,
      action,
      at: new Date(this.clock.now()).toISOString(),
      by: { id: by.id, name: by.name, role: by.role },
      fields,
      reason: reason ?? null,
    };
    try {
      await this.revisions.insert(record);
    } catch (error) {
      this.logger.error({ err: error, itemId, action }, 'an authoring revision could not be stored');
    }
  }

  async list(kind: AuthoringRevisionRecord['itemKind'], itemId: string): Promise<AuthoringRevisionsResponse> {
    const records = await this.revisions.forItem(kind, itemId, REVISIONS_SHOWN);
    return { items: records.map(toRevision) };
  }
}

function toRevision({ _id, itemKind: _kind, ...rest }: AuthoringRevisionRecord): AuthoringRevision {
  return { id: _id, ...rest };
}
