import { Inject, Injectable } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@pulse/contracts';
import { OUTBOX, OutboxWriter } from '@pulse/platform';
import { readerFieldsOf } from '../engagement/pending-op';
import type { ReaderContext } from '../engagement/reader-sessions';

/**
 * The article.engaged event of a counted like or view of a tech analysis, as an article's: trending ranks
 * analyses by the same events, and its rigging filter weighs them by the same reader facts (the
 * network's hash and the session's age). It rides on the reader's marker write (the outbox), so it is
 * sent exactly when the like or view counts: never for a reader without a session issued earlier, a
 * repeat, or one past the caps, which the service turns away before the marker.
 */
@Injectable()
export class TechAnalysisEngagedEvents {
  constructor(@Inject(OUTBOX) private readonly outbox: OutboxWriter) {}

  event(kind: 'like' | 'view', analysisId: string, reader: ReaderContext, at: string): EventEnvelope {
    return this.outbox.event(TOPICS.articleEngaged, {
      articleId: analysisId,
      sessionKey: reader.hash,
      occurredAt: at,
      kind,
      ...readerFieldsOf({
        networkHash: reader.networkHash,
        sessionIssuedAt: new Date(reader.issuedAtMs).toISOString(),
      }),
    });
  }
}
