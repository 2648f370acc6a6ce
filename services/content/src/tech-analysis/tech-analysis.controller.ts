import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReaderSessions } from '../engagement/reader-sessions';
import { TechAnalysisService } from './tech-analysis.service';

/** Seed 000 §7: the tech-analysis list, detail and like; the view call is chosen (see the service). */
@Controller('/api/tech-analysis')
export class TechAnalysisController {
  constructor(
    private readonly analyses: TechAnalysisService,
    private readonly sessions: ReaderSessions,
  ) {}

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
  like(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.analyses.like(id, this.sessions.resolveHash(request, reply));
  }

  @Post(':id/view')
  @HttpCode(200)
  view(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.analyses.view(id, this.sessions.resolveHash(request, reply));
  }
}
