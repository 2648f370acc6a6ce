import { Controller, Get, Header, Query } from '@nestjs/common';
import { CACHE_TAG_HEADER, TRENDING_TAG } from '@pulse/contracts';
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
  stats(@Query() query: unknown) {
    return this.trending.stats(query);
  }

  @Get('hot-topics')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  hotTopics(@Query() query: unknown) {
    return this.trending.hotTopics(query);
  }

  @Get('popular')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  popular(@Query() query: unknown) {
    return this.trending.popular(query);
  }

  @Get('rising')
  @Header(CACHE_TAG_HEADER, TRENDING_TAG)
  rising(@Query() query: unknown) {
    return this.trending.rising(query);
  }
}
