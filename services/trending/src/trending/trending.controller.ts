import { Controller, Get, Query } from '@nestjs/common';
import { TrendingService } from './trending.service';

/** docs/spec-content.md §7: the trending page's four calls. */
@Controller('/api/trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  @Get('stats')
  stats(@Query() query: unknown) {
    return this.trending.stats(query);
  }

  @Get('hot-topics')
  hotTopics(@Query() query: unknown) {
    return this.trending.hotTopics(query);
  }

  @Get('popular')
  popular(@Query() query: unknown) {
    return this.trending.popular(query);
  }

  @Get('rising')
  rising(@Query() query: unknown) {
    return this.trending.rising(query);
  }
}
