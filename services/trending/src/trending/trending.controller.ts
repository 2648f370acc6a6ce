import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  hotTopicsQuerySchema,
  popularQuerySchema,
  risingQuerySchema,
  TRENDING_TAG,
  trendingStatsQuerySchema,
  type HotTopicsQuery,
  type PopularQuery,
  type RisingQuery,
  type TrendingStatsQuery,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import { TrendingService } from './trending.service';

/**
 * docs/spec-content.md §7: the trending page's four calls. Each carries the trending `cache-tag`, purged once
 * per recompute pass (TrendingPurges).
 */
@Controller('/api/trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  @Get('stats')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  stats(@Query(new ZodPipe(trendingStatsQuerySchema)) query: TrendingStatsQuery) {
    return this.trending.stats(query);
  }

  @Get('hot-topics')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  hotTopics(@Query(new ZodPipe(hotTopicsQuerySchema)) query: HotTopicsQuery) {
    return this.trending.hotTopics(query);
  }

  @Get('popular')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  popular(@Query(new ZodPipe(popularQuerySchema)) query: PopularQuery) {
    return this.trending.popular(query);
  }

  @Get('rising')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  rising(@Query(new ZodPipe(risingQuerySchema)) query: RisingQuery) {
    return this.trending.rising(query);
  }
}
