import { Body, Controller, Get, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { CACHE_TAG_HEADER, INGESTION_RUNS_TAG } from '@pulse/contracts';
import { AdminGuard } from '@pulse/platform';
import { RunsService } from './runs.service';

/**
 * Reading runs is public: they say which public feed was fetched when and how it went, nothing an
 * admin-added source's URL does not already show. Triggering them is admin-only. The list carries its
 * `cache-tag`, purged at the end of every run (IngestionPurges).
 */
@Controller('/api/ingestion/runs')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Get()
  @Header(CACHE_TAG_HEADER, INGESTION_RUNS_TAG)
  list(@Query() query: unknown) {
    return this.runs.list(query);
  }

  /** 202: the runs are queued; poll GET /runs for their records. */
  @Post()
  @HttpCode(202)
  @UseGuards(AdminGuard)
  trigger(@Body() body: unknown) {
    return this.runs.trigger(body);
  }
}
