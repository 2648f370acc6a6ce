import { Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  TECH_ANALYSIS_LISTS_TAG,
  techAnalysisTag,
  type TechAnalysisListQuery,
  techAnalysisListQuerySchema,
  idParamSchema,
  slugParamSchema,
} from '@pulse/contracts';
import type { FastifyReply } from 'fastify';
import { withRetryAfter } from '../engagement/engagement-caps';
import { Reader } from '../engagement/reader-hash.decorator';
import type { ReaderContext } from '../engagement/reader-sessions';
import { TechAnalysisService } from './tech-analysis.service';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-content.md §7: the tech-analysis list, detail and like; the view call is chosen (see the service).
 * Each answer names in `cache-tag` what it shows, so the gateway's micro-cache drops it when that changes
 * (TechAnalysisPurges).
 */
@Controller('/api/tech-analysis')
export class TechAnalysisController {
  constructor(private readonly analyses: TechAnalysisService) {}

  @Get()
  @Header(CACHE_TAG_HEADER, TECH_ANALYSIS_LISTS_TAG)
  list(@Query(new ZodPipe(techAnalysisListQuerySchema)) query: TechAnalysisListQuery) {
    return this.analyses.list(query);
  }

  /** Tagged by id, once the slug is known good (the service answers 400 or 404 first). */
  @Get(':slug')
  async detail(
    @Param('slug', new ZodPipe(slugParamSchema)) slug: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const detail = await this.analyses.detail(slug);
    // The related analyses it embeds are analyses too: any published or edited one may change them.
    void reply.header(CACHE_TAG_HEADER, `${techAnalysisTag(detail.analysis.id)} ${TECH_ANALYSIS_LISTS_TAG}`);
    return detail;
  }

  @Post(':id/like')
  @HttpCode(200)
  like(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Reader() reader: ReaderContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return withRetryAfter(reply, this.analyses.like(id, reader));
  }

  @Post(':id/view')
  @HttpCode(200)
  view(@Param('id', new ZodPipe(idParamSchema)) id: string, @Reader() reader: ReaderContext) {
    return this.analyses.view(id, reader);
  }
}
