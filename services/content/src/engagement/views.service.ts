import { Inject, Injectable } from '@nestjs/common';
import type { ArticleViewResponse } from '@pulse/contracts';
import { ArticlesRepository } from '../articles/articles.repository';
import { CONTENT_CLOCK, type ContentClock } from '../content.config';
import { EngagementApplier } from './engagement-applier';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';
import { newOp } from './pending-op';
import { requirePublished } from './published-article';
import { ViewMarkersRepository } from './view-markers.repository';

const HOUR_MS = 60 * 60_000;

/**
 * Article views (docs/spec-content.md §4: counted once per article per browser session, when a detail page opens).
 * "Session" is the reader cookie and the window CONTENT_VIEW_WINDOW_HOURS, so a reader who keeps a tab
 * open for days is still counted once a day rather than once ever.
 */
@Injectable()
export class ViewsService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly markers: ViewMarkersRepository,
    private readonly applier: EngagementApplier,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
    @Inject(CONTENT_CLOCK) private readonly clock: ContentClock,
  ) {}

  /** POST /api/articles/:id/view for the reader whose readerHash is `session`. */
  async view(id: unknown, session: string): Promise<ArticleViewResponse> {
    const article = await requirePublished(this.articles, 'id', id);
    const now = this.clock.now();
    const markerId = `${session}:${article._id}`;
    const op = newOp('view', now);
    const windowStart = new Date(now - this.windowMs()).toISOString();
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
