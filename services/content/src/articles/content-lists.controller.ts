import { Controller, Get, Query } from '@nestjs/common';
import { ArticlesService } from './articles.service';

/** docs/spec-content.md §7: the news list (all and hot tabs) and the insights list, offset-paged. */
@Controller('/api/content')
export class ContentListsController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('news')
  news(@Query() query: unknown) {
    return this.articles.news(query);
  }

  @Get('insights')
  insights(@Query() query: unknown) {
    return this.articles.insights(query);
  }
}
