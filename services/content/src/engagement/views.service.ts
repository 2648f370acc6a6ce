import { Inject, Injectable } from '@nestjs/common';
import type { ArticleViewResponse } from '@pulse/contracts';
import { ArticlesRepository } from '../articles/articles.repository';
import { EngagementApplier } from './engagement-applier';
import { EngagementCaps } from './engagement-caps';
import { EngagementTallyRepository } from './engagement-tally.repository';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';
import { newOp } from './pending-op';
import { requirePublished } from './published-article';
import type { ReaderContext } from './reader-sessions';
import { ViewMarkersRepository } from './view-markers.repository';
import { CLOCK, type Clock } from '@pulse/platform';

const HOUR_MS = 60 * 60_000;

/**
 * Article views (docs/spec-content.md §4: counted once per article per browser session, when a detail page opens).
 * "Session" is the reader cookie and the window CONTENT_VIEW_WINDOW_HOURS, so a reader who keeps a tab
 * open for days is still counted once a day rather than once ever. Only a session the site issued before
 * this request is counted, and past a cap (EngagementCaps) a view is recorded as not counted, not
 * refused: reading the article is never the problem (docs/abuse/engagement.md).
 */
@Injectable()
export class ViewsService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly markers: ViewMarkersRepository,
    private readonly applier: EngagementApplier,
    private readonly caps: EngagementCaps,
    private readonly tally: EngagementTallyRepository,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/articles/:id/view. */
  async view(id: string, reader: ReaderContext): Promise<ArticleViewResponse> {
    const article = await requirePublished(this.articles, id);
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    if (reader.issuedNow) {
      await this.tally.notCounted(article._id, 'view', 'session-issued', at);
      return { counted: false, views: article.views, reason: 'session-issued' };
    }
    const session = reader.hash;
    const markerId = `${session}:${article._id}`;
    const windowStart = new Date(now - this.windowMs()).toISOString();
    // Seen within the window already: neither counted nor spent from the caps.
    const seen = await this.markers.findById(markerId);
    if (!seen || (!seen.op && seen.countedAt < windowStart)) {
      const decision = await this.caps.admit('view', reader, article._id);
      if (!decision.allowed) {
        await this.tally.notCounted(article._id, 'view', 'limited', at);
        return { counted: false, views: article.views, reason: 'limited' };
      }
    }
    const op = newOp('view', now, reader);
    if (await this.markers.claim(markerId, article._id, session, windowStart, op)) {
      const after = await this.applier.apply(this.markers, {
        _id: markerId,
        articleId: article._id,
        session,
        op,
      });
      return { counted: true, views: after?.views ?? article.views };
    }
    // Seen within the window, or a view of this reader is being counted right now. A view whose
    // applier died is finished here rather than waiting for the sweep.
    const marker = await this.markers.findById(markerId);
    if (marker?.op && (await this.applier.recover(this.markers, { ...marker, op: marker.op }))) {
      return {
        counted: false,
        views: (await this.articles.findPublished(article._id))?.views ?? article.views,
      };
    }
    return { counted: false, views: article.views };
  }

  windowMs(): number {
    return this.config.CONTENT_VIEW_WINDOW_HOURS * HOUR_MS;
  }
}
