import { Body, Controller, Get, HttpCode, Param, Patch, Res, UseFilters } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  type EditAnswerBody,
  editAnswerBodySchema,
  idParamSchema,
  questionTag,
} from '@pulse/contracts';
import type { FastifyReply } from 'fastify';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { AnswerEditsService } from './answer-edits.service';

/** An answer's edit by its author, and its versions (public). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/answers')
export class AnswerEditsController {
  constructor(private readonly edits: AnswerEditsService) {}

  @Patch(':id')
  @HttpCode(200)
  edit(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(editAnswerBodySchema)) body: EditAnswerBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.edits.edit(id, body, actor, ip);
  }

  @Get(':id/revisions')
  async revisions(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { questionId, body } = await this.edits.revisionsOf(id);
    void reply.header(CACHE_TAG_HEADER, questionTag(questionId));
    return body;
  }
}
