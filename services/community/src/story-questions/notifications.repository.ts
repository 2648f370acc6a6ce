import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { NotificationRecord } from './story-article.record';

/** Notices per identity: storage only. */
@Injectable()
export class NotificationsRepository {
  private readonly notifications: Collection<NotificationRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.notifications = store.collection<NotificationRecord>('community_notifications', {
      // newestOf and unreadCount: one identity's notices, newest first.
      indexes: [{ key: { identityId: 1, createdAt: -1 } }],
    });
  }

  /** Adds the notice once: an id already stored (a redelivered event) adds nothing. */
  async addOnce(notification: NotificationRecord): Promise<void> {
    try {
      await this.notifications.insertOne(notification);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /**
   * Adds each notice once, in batches: an id already stored (a redelivered event, or part of one) is
   * skipped and the rest still go in.
   */
  async addAllOnce(notifications: readonly NotificationRecord[]): Promise<void> {
    let rest = [...notifications];
    while (rest.length > 0) {
      try {
        await this.notifications.insertMany(rest);
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        rest = rest.slice(error.inserted + 1);
      }
    }
  }

  newestOf(identityId: string, limit: number): Promise<NotificationRecord[]> {
    return this.notifications.find({ identityId }, { sort: { createdAt: -1 }, limit });
  }

  unreadCount(identityId: string): Promise<number> {
    return this.notifications.countDocuments({ identityId, readAt: null });
  }

  /** Marks it read if it is `identityId`'s; false when it is not (or does not exist). */
  async markRead(id: string, identityId: string, at: string): Promise<boolean> {
    const { matched } = await this.notifications.updateOne({ _id: id, identityId }, { $set: { readAt: at } });
    return matched === 1;
  }

  /** Every notice of the identity, newest first (the export). */
  allOf(identityId: string): Promise<NotificationRecord[]> {
    return this.notifications.find({ identityId }, { sort: { createdAt: -1 } });
  }

  async removeAllOf(identityId: string): Promise<void> {
    await this.notifications.deleteMany({ identityId });
  }
}
