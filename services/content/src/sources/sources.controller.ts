import { Controller, Get, Header, Query } from '@nestjs/common';
import { CACHE_TAG_HEADER, SOURCES_TAG, noQueryParamsSchema } from '@pulse/contracts';
import { SourcesService } from './sources.service';
import { ZodPipe } from '@pulse/platform';
import type { z } from 'zod';

/** The route takes no query parameters: any one is a 400 naming it. */
const noQueryParams = new ZodPipe(noQueryParamsSchema);
type NoQueryParams = z.output<typeof noQueryParamsSchema>;

/**
 * The sources page (GET /api/sources: seed 'not shown', chosen) and the category sidebar
 * (GET /api/sidebar-data from docs/spec-content.md §7; GET /api/sidebar-data/full: seed 'path not shown', chosen).
 * All three show the source catalogue and carry its `cache-tag`, so the gateway's micro-cache drops them
 * when a source changes (SourcesService.onSourceUpdated). The sidebar lists no articles, only counts, so it
 * carries no article-lists tag (libs/contracts cache-purge.ts, SOURCES_TAG).
 */
@Controller('/api')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Get('sources')
  @Header(CACHE_TAG_HEADER, SOURCES_TAG)
  list(@Query(noQueryParams) _query: NoQueryParams) {
    return this.sources.sources();
  }

  @Get('sidebar-data')
  @Header(CACHE_TAG_HEADER, SOURCES_TAG)
  sidebar(@Query(noQueryParams) _query: NoQueryParams) {
    return this.sources.sidebar('top');
  }

  @Get('sidebar-data/full')
  @Header(CACHE_TAG_HEADER, SOURCES_TAG)
  sidebarFull(@Query(noQueryParams) _query: NoQueryParams) {
    return this.sources.sidebar('full');
  }
}
