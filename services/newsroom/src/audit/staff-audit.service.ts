import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type {
  StaffActionRecordedPayload,
  StaffActionView,
  StaffAuditPage,
  StaffAuditQuery,
} from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { NEWSROOM_CONFIG, type NewsroomConfig } from '../newsroom.config';
import type { StaffActionRecord } from './staff-action.record';
import { StaffActionsRepository, type StaffActionPosition } from './staff-actions.repository';

const DAY_MS = 24 * 3600 * 1000;

/** The cursor is the last entry's position, opaque to clients. */
const cursorOf = (record: StaffActionRecord): string =>
  Buffer.from(JSON.stringify([record.at, record._id])).toString('base64url');

function positionOf(cursor: string): StaffActionPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string'
    )
      return { at: parsed[0], id: parsed[1] };
  } catch {
    // Falls through to the 400 below.
  }
  throw new BadRequestException('cursor: cursor must be a nextCursor this route gave');
}

const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();

function viewOf(record: StaffActionRecord): StaffActionView {
  const { _id, actorKeys: _keys, targetValues: _values, ...entry } = record;
  return { id: _id, ...entry };
}

/** The staff audit log: what every service recorded, kept for AUDIT_RETENTION_DAYS, read by filters. */
@Injectable()
export class StaffAuditService {
  constructor(
    private readonly actions: StaffActionsRepository,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Keeps one recorded action; a redelivered event (same id) changes nothing. */
  async keep(eventId: string, payload: StaffActionRecordedPayload): Promise<void> {
    // An action already past retention (a very late delivery) would only be purged again.
    if (payload.at < this.retentionCutoff()) return;
    await this.actions.insert({
      _id: eventId,
      actor: payload.actor,
      actorKeys: [...new Set([payload.actor.id, nameKeyOf(payload.actor.name)])],
      action: payload.action,
      service: payload.service,
      method: payload.method,
      path: payload.path,
      target: payload.target,
      targetValues: [...new Set(Object.values(payload.target))],
      status: payload.status,
      at: payload.at,
      address: payload.address,
      userAgent: payload.userAgent,
      change: payload.change ?? null,
    });
  }

  async page(query: StaffAuditQuery): Promise<StaffAuditPage> {
    const records = await this.actions.page(
      {
        actorKeys: query.actor ? [...new Set([query.actor, nameKeyOf(query.actor)])] : undefined,
        action: query.action,
        target: query.target,
        from: query.from && new Date(query.from).toISOString(),
        to: query.to && new Date(query.to).toISOString(),
        after: query.cursor ? positionOf(query.cursor) : undefined,
      },
      // One more than asked tells whether there is a next page without counting.
      query.limit + 1,
    );
    const items = records.slice(0, query.limit);
    const more = records.length > query.limit;
    return { items: items.map(viewOf), nextCursor: more ? cursorOf(items[items.length - 1]) : null };
  }

  /** Removes what is older than AUDIT_RETENTION_DAYS; returns how many entries went. */
  purgeExpired(): Promise<number> {
    return this.actions.deleteBefore(this.retentionCutoff());
  }

  private retentionCutoff(): string {
    return isoNow({ now: () => this.clock.now() - this.config.AUDIT_RETENTION_DAYS * DAY_MS });
  }
}
