import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  excludeOutbox,
  OUTBOX,
  OutboxWriter,
  type Collection,
  type DocumentStore,
} from '@pulse/platform';

const COLLECTION = 'tech_analysis_announcements';

/** What content last announced of one analysis (techanalysis.published), as its payload's JSON. */
interface Announcement {
  _id: string;
  payload: string;
}

/** The announcements, each written with its event in the same write (the outbox). */
@Injectable()
export class TechAnalysisAnnouncementsRepository {
  private readonly announcements: Collection<Announcement>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(COLLECTION);
    this.announcements = store.collection<Announcement>(COLLECTION);
  }

  async lastPayload(id: string): Promise<string | undefined> {
    const found = await this.announcements.findOne({ _id: id }, { projection: excludeOutbox() });
    return found?.payload;
  }

  /** Records `payload` as announced, with its event. */
  async announce(id: string, payload: string, event: EventEnvelope): Promise<void> {
    await this.outbox.updateOne(this.announcements, { _id: id }, { $set: { payload } }, [event], {
      upsert: true,
    });
  }
}
