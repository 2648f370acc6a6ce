import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';

interface SettingRecord {
  _id: string;
  value: string;
  createdAt: string;
}

/** Values the service generates once and every replica shares (the link-signing key). */
@Injectable()
export class NewsletterSettingsRepository {
  private readonly settings: Collection<SettingRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.settings = store.collection<SettingRecord>('newsletter_settings');
  }

  /** The stored value, or `value` stored now; two replicas starting together agree on the first one. */
  async getOrCreate(id: string, value: string, at: string): Promise<string> {
    const existing = await this.settings.findOne({ _id: id });
    if (existing) return existing.value;
    try {
      await this.settings.insertOne({ _id: id, value, createdAt: at });
      return value;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const winner = await this.settings.findOne({ _id: id });
      if (!winner) throw error;
      return winner.value;
    }
  }
}
