import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';

interface ContactSendsRecord {
  /** `${network hash}|${window start ISO}`. */
  _id: string;
  count: number;
  windowStart: string;
}

/**
 * `contact_sends`: messages sent per network and fixed window, counted atomically in the store so every
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

  /** Counts one send and answers how many this network has made in the window, this one included. */
  async count(network: string, windowStart: string): Promise<number> {
    const after = await this.sends.findOneAndUpdate(
      { _id: `${network}|${windowStart}` },
      { $inc: { count: 1 }, $setOnInsert: { windowStart } },
      { upsert: true, returnDocument: 'after' },
    );
    return after?.count ?? 1;
  }

  async deleteBefore(windowStart: string): Promise<void> {
    await this.sends.deleteMany({ windowStart: { $lt: windowStart } });
  }
}
