import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';

interface SettingRecord {
  _id: string;
  value: string;
  createdAt: string;
}

/** Values the content service generates once and keeps (collection 'content_settings'). */
@Injectable()
export class ContentSettingsRepository {
  private readonly settings: Collection<SettingRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.settings = store.collection<SettingRecord>('content_settings');
  }

  /**
   * The stored value of `name`, storing `candidate` first when there is none. Replicas starting together
   * race on the insert; the unique `_id` lets one win and every replica then reads the winner's value.
   */
  async getOrCreate(name: string, candidate: string, now: string): Promise<string> {
    try {
      await this.settings.insertOne({ _id: name, value: candidate, createdAt: now });
      return candidate;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const stored = await this.settings.findOne({ _id: name });
    if (!stored) throw new Error(`content setting '${name}' vanished after a duplicate insert`);
    return stored.value;
  }
}
