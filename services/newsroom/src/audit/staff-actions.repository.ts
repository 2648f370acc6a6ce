import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  type Collection,
  type DocumentStore,
  type Filter,
} from '@pulse/platform';
import type { StaffActionRecord } from './staff-action.record';

/** Where a page of the log starts: after this entry, in the log's order (newest first). */
export interface StaffActionPosition {
  at: string;
  id: string;
}

export interface StaffActionFilter {
  actorKeys?: string[];
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  after?: StaffActionPosition;
}

/** `staff_actions`: the audit log, newest first, each action once. */
@Injectable()
export class StaffActionsRepository {
  private readonly actions: Collection<StaffActionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.actions = store.collection<StaffActionRecord>('staff_actions', {
      indexes: [
        { key: { at: -1 } },
        { key: { actorKeys: 1, at: -1 } },
        { key: { action: 1, at: -1 } },
        { key: { targetValues: 1, at: -1 } },
      ],
    });
  }

  /** False when this event's entry is already there (a redelivery): the log keeps one. */
  async insert(record: StaffActionRecord): Promise<boolean> {
    try {
      await this.actions.insertOne(record);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Up to `limit` entries matching every given filter, newest first (ties by id, newest id first). */
  page(filter: StaffActionFilter, limit: number): Promise<StaffActionRecord[]> {
    const conditions: Filter[] = [];
    if (filter.actorKeys) conditions.push({ actorKeys: { $in: filter.actorKeys } });
    if (filter.action) conditions.push({ action: filter.action });
    if (filter.target) conditions.push({ targetValues: filter.target });
    if (filter.from) conditions.push({ at: { $gte: filter.from } });
    if (filter.to) conditions.push({ at: { $lt: filter.to } });
    if (filter.after) {
      const { at, id } = filter.after;
      conditions.push({ $or: [{ at: { $lt: at } }, { at, _id: { $lt: id } }] });
    }
    return this.actions.find(conditions.length > 0 ? { $and: conditions } : {}, {
      sort: { at: -1, _id: -1 },
      limit,
    });
  }

  /** Removes every entry older than `before` (retention); returns how many went. */
  async deleteBefore(before: string): Promise<number> {
    const { deleted } = await this.actions.deleteMany({ at: { $lt: before } });
    return deleted;
  }
}
