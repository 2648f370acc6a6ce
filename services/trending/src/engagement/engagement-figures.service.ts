import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { countedTotals } from '../scoring';
import { TrendingArticlesRepository } from '../trending/trending-articles.repository';

const querySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();

/** One article's engagement as trending holds it: raw (what content counted) and what the hot score counts. */
export interface TrendingEngagementFigures {
  articleId: string;
  title: string | null;
  hotScore: number;
  raw: { views: number; likes: number; shares: number };
  counted: { views: number; likes: number; shares: number };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** GET /api/trending/admin/engagement (admin): the hottest articles with their raw and counted figures. */
@Injectable()
export class EngagementFiguresService {
  constructor(private readonly articles: TrendingArticlesRepository) {}

  async hottest(query: unknown): Promise<{ articles: TrendingEngagementFigures[] }> {
    const { limit } = querySchema.parse(query);
    const rows = await this.articles.list({}, { hotScore: -1, publishedAt: -1 }, limit);
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
