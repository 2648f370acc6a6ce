import type { Collection, DocumentStore } from './store.port';
import { DuplicateKeyError } from './store.errors';

interface SettingRecord {
  _id: string;
  value: string;
  createdAt: string;
}

/**
 * Values a service generates once and every replica shares (a signing key, a session secret), in its own
 * collection. Each service extends this as an injectable repository naming its collection; the logic lives
 * here once.
 */
export class SharedSettings {
  private readonly settings: Collection<SettingRecord>;

  constructor(store: DocumentStore, collectionName: string) {
    this.settings = store.collection<SettingRecord>(collectionName);
  }

  /**
   * The stored value of `name`, storing `candidate` first when there is none. Replicas starting together
   * race on the insert; the unique `_id` lets one win and every replica then reads the winner's value.
   */
  async getOrCreate(name: string, candidate: string, now: string): Promise<string> {
    const existing = await this.settings.findOne({ _id: name });
    if (existing) return existing.value;
    try {
      await this.settings.insertOne({ _id: name, value: candidate, createdAt: now });
      return candidate;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const winner = await this.settings.findOne({ _id: name });
      if (!winner) throw error;
      return winner.value;
    }
  }
}
