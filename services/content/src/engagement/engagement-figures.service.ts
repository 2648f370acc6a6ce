import { Injectable } from '@nestjs/common';
import type { ArticleEngagementFiguresResponse } from '@pulse/contracts';
import { ArticlesRepository } from '../articles/articles.repository';
import type { CappedKind } from './engagement-caps';
import { EngagementTallyRepository, type NotCountedTally } from './engagement-tally.repository';
import { requirePublished } from './published-article';

const total = (tally: NotCountedTally, kind: CappedKind) =>
  tally[kind]['session-issued'] + tally[kind].limited;

/** GET /api/content/admin/articles/:id/engagement (admin): the raw and counted figures side by side. */
@Injectable()
export class EngagementFiguresService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly tally: EngagementTallyRepository,
  ) {}

  async of(id: string): Promise<ArticleEngagementFiguresResponse> {
    const article = await requirePublished(this.articles, id);
    const notCounted = await this.tally.of(article._id);
    const counted = { views: article.views, likes: article.likesCount, shares: article.sharesCount };
    return {
      articleId: article._id,
      counted,
      notCounted,
      raw: {
        views: counted.views + total(notCounted, 'view'),
        likes: counted.likes + total(notCounted, 'like'),
        shares: counted.shares + total(notCounted, 'share'),
      },
    };
  }
}
