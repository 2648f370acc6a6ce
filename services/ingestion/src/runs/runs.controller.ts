import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { RunsService } from './runs.service';

/**
 * Reading runs is public: they say which public feed was fetched when and how it went, nothing an
 * admin-added source's URL does not already show. Triggering them is admin-only.
 */
@Controller('/api/ingestion/runs')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Get()
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
