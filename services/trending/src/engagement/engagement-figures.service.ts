import { Injectable } from '@nestjs/common';
import type { engagementFiguresQuerySchema, TrendingEngagementFiguresResponse } from '@pulse/contracts';
import type { z } from 'zod';
import { countedTotals } from '../scoring';
import { TrendingArticlesRepository } from '../trending/trending-articles.repository';

const round = (value: number) => Math.round(value * 100) / 100;

/** GET /api/trending/admin/engagement (admin): the hottest articles with their raw and counted figures. */
@Injectable()
export class EngagementFiguresService {
  constructor(private readonly articles: TrendingArticlesRepository) {}

  async hottest({
    limit,
  }: z.output<typeof engagementFiguresQuerySchema>): Promise<TrendingEngagementFiguresResponse> {
    const rows = await this.articles.hottestIncludingUnscored(limit);
    return {
      articles: rows.map((row) => {
        const counted = countedTotals(row);
        return {
          articleId: row._id,
          title: row.title ?? null,
          hotScore: row.hotScore,
          raw: { views: row.views, likes: row.likes, shares: row.shares },
          counted: {
            views: round(counted.views),
            likes: round(counted.likes),
            shares: round(counted.shares),
          },
        };
      }),
    };
  }
}
