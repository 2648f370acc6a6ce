import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';

interface ContactSendsRecord {
  /** `${network hash, or '*' for the whole site}|${window start ISO}`. */
  _id: string;
  count: number;
  windowStart: string;
}

/**
 * `contact_sends`: messages sent per network (and by the whole site) and fixed window, counted atomically in the store so every
 * replica counts the same sends (newsroom has no cache; sign-in attempts are counted the same way).
 */
@Injectable()
export class ContactSendsRepository {
  private readonly sends: Collection<ContactSendsRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sends = store.collection<ContactSendsRecord>('contact_sends', {
      indexes: [{ key: { windowStart: 1 } }],
    });
  }

  /** Counts one send and answers how many were made under `key` in the window, this one included. */
  async count(key: string, windowStart: string): Promise<number> {
    const after = await this.sends.findOneAndUpdate(
      { _id: `${key}|${windowStart}` },
      { $inc: { count: 1 }, $setOnInsert: { windowStart } },
      { upsert: true, returnDocument: 'after' },
    );
    return after?.count ?? 1;
  }

  async deleteBefore(windowStart: string): Promise<void> {
    await this.sends.deleteMany({ windowStart: { $lt: windowStart } });
  }
}
