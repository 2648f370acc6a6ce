import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { ModerationService } from './moderation.service';
import { idParamSchema, type ReportBody, reportBodySchema } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';

/** A reader's 'report' on a question or an answer (chosen paths). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class ReportsController {
  constructor(private readonly moderation: ModerationService) {}

  @Post('questions/:id/report')
  @HttpCode(200)
  question(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(reportBodySchema)) body: ReportBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.moderation.report('question', id, body, actor, ip);
  }

  @Post('answers/:id/report')
  @HttpCode(200)
  answer(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(reportBodySchema)) body: ReportBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.moderation.report('answer', id, body, actor, ip);
  }
}
