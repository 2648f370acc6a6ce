import { Body, Controller, Get, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  INGESTION_RUNS_TAG,
  listRunsQuerySchema,
  triggerRunsBodySchema,
  type ListRunsQuery,
  type TriggerRunsBody,
} from '@pulse/contracts';
import { AdminGuard, ZodPipe } from '@pulse/platform';
import { z } from 'zod';
import { RunsService } from './runs.service';

/** A POST with no body at all runs every unpaused source, as `{}` does. */
const triggerRunsBody = new ZodPipe(z.preprocess((body) => body ?? {}, triggerRunsBodySchema));

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
  list(@Query(new ZodPipe(listRunsQuerySchema)) query: ListRunsQuery) {
    return this.runs.list(query);
  }

  /** 202: the runs are queued; poll GET /runs for their records. */
  @Post()
  @HttpCode(202)
  @UseGuards(AdminGuard)
  trigger(@Body(triggerRunsBody) body: TriggerRunsBody) {
    return this.runs.trigger(body);
  }
}
