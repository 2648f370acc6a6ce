import { Inject, Injectable } from '@nestjs/common';
import type { NotCountedReason } from '@pulse/contracts';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { CappedKind } from './engagement-caps';

/** Engagement a reader asked for and that was not counted, by kind and reason. */
export type NotCountedTally = Record<CappedKind, Record<NotCountedReason, number>>;

interface TallyRecord {
  _id: string;
  notCounted?: Partial<Record<CappedKind, Partial<Record<NotCountedReason, number>>>>;
  updatedAt: string;
}

/**
 * The raw side of an article's engagement (collection 'article_engagement_tally', one document per
 * article): the likes, shares and views that were asked for but not counted (no reader session yet, or
 * past a cap). The counted side is the article's own views, likesCount and sharesCount; raw = both.
 * Apart from the article, so a flood of uncounted requests never rewrites the article document.
 */
@Injectable()
export class EngagementTallyRepository {
  private readonly tallies: Collection<TallyRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.tallies = store.collection<TallyRecord>('article_engagement_tally');
  }

  async notCounted(articleId: string, kind: CappedKind, reason: NotCountedReason, at: string): Promise<void> {
    await this.tallies.updateOne(
      { _id: articleId },
      { $inc: { [`notCounted.${kind}.${reason}`]: 1 }, $set: { updatedAt: at } },
      { upsert: true },
    );
  }

  async of(articleId: string): Promise<NotCountedTally> {
    const found = (await this.tallies.findOne({ _id: articleId }))?.notCounted ?? {};
    const kind = (name: CappedKind) => ({
      'session-issued': found[name]?.['session-issued'] ?? 0,
      limited: found[name]?.limited ?? 0,
    });
    return { view: kind('view'), like: kind('like'), share: kind('share') };
  }
}
