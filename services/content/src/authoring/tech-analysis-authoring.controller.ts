import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { TechAnalysisAuthoringService } from './tech-analysis-authoring.service';

/** Admin authoring of tech analyses (chosen paths; docs/design.md §10: admins only). */
@Controller('/api/content/admin/tech-analyses')
@UseGuards(AdminGuard)
export class TechAnalysisAuthoringController {
  constructor(private readonly analyses: TechAnalysisAuthoringService) {}

  @Get()
  list(@Query() query: unknown) {
    return this.analyses.list(query);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.analyses.get(id);
  }

  @Post()
  create(@Body() body: unknown) {
    return this.analyses.create(body);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.analyses.update(id, body);
  }

  @Post(':id/publish')
  @HttpCode(200)
  publish(@Param('id') id: string) {
    return this.analyses.publish(id);
  }
}
