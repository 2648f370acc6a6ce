import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ReaderHash } from '../engagement/reader-hash.decorator';
import { TechAnalysisService } from './tech-analysis.service';

/** docs/spec-content.md §7: the tech-analysis list, detail and like; the view call is chosen (see the service). */
@Controller('/api/tech-analysis')
export class TechAnalysisController {
  constructor(private readonly analyses: TechAnalysisService) {}

  @Get()
  list(@Query() query: unknown) {
    return this.analyses.list(query);
  }

  @Get(':slug')
  detail(@Param('slug') slug: string) {
    return this.analyses.detail(slug);
  }

  @Post(':id/like')
  @HttpCode(200)
  like(@Param('id') id: string, @ReaderHash() reader: string) {
    return this.analyses.like(id, reader);
  }

  @Post(':id/view')
  @HttpCode(200)
  view(@Param('id') id: string, @ReaderHash() reader: string) {
    return this.analyses.view(id, reader);
  }
}
