import { Controller, Get, Query } from '@nestjs/common';
import { SourcesService } from './sources.service';

/**
 * The sources page (GET /api/sources: seed 'not shown', chosen) and the category sidebar
 * (GET /api/sidebar-data from docs/spec-content.md §7; GET /api/sidebar-data/full: seed 'path not shown', chosen).
 */
@Controller('/api')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Get('sources')
  list(@Query() query: unknown) {
    return this.sources.sources(query);
  }

  @Get('sidebar-data')
  sidebar(@Query() query: unknown) {
    return this.sources.sidebar(query, 'top');
  }

  @Get('sidebar-data/full')
  sidebarFull(@Query() query: unknown) {
    return this.sources.sidebar(query, 'full');
  }
}
