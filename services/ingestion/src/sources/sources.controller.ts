import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  createSourceBodySchema,
  INGESTION_SOURCES_TAG,
  sourceIdSchema,
  updateSourceBodySchema,
  type CreateSourceBody,
  type UpdateSourceBody,
} from '@pulse/contracts';
import { AdminGuard, AuditAction, ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { SourcesService } from './sources.service';

const sourceId = new ZodPipe(sourceIdSchema);

/**
 * Reading sources is public (the /sources page); every change needs the admin credential (docs/design.md §10).
 * The reads carry their `cache-tag`, purged on every change and at the end of every run (IngestionPurges).
 */
@Controller('/api/ingestion/sources')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Get()
  @Header(CACHE_TAG_HEADER, INGESTION_SOURCES_TAG)
  list() {
    return this.sources.list();
  }

  @Get(':id')
  async get(@Param('id', sourceId) id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const source = await this.sources.get(id);
    // Only once the id is known good (the pipe answers 400, the service 404, first).
    void reply.header(CACHE_TAG_HEADER, INGESTION_SOURCES_TAG);
    return source;
  }

  @Post()
  @UseGuards(AdminGuard)
  @AuditAction('source.create')
  create(@Body(new ZodPipe(createSourceBodySchema)) body: CreateSourceBody) {
    return this.sources.create(body);
  }

  @Patch(':id')
  @UseGuards(AdminGuard)
  @AuditAction('source.update')
  update(
    @Param('id', sourceId) id: string,
    @Body(new ZodPipe(updateSourceBodySchema)) body: UpdateSourceBody,
  ) {
    return this.sources.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @AuditAction('source.delete')
  async remove(@Param('id', sourceId) id: string) {
    await this.sources.remove(id);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @AuditAction('source.pause')
  pause(@Param('id', sourceId) id: string) {
    return this.sources.pause(id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @AuditAction('source.resume')
  resume(@Param('id', sourceId) id: string) {
    return this.sources.resume(id);
  }
}
