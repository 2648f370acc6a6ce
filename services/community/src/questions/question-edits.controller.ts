import { Body, Controller, Get, HttpCode, Param, Patch, Res, UseFilters } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  type EditQuestionBody,
  editQuestionBodySchema,
  idParamSchema,
  questionTag,
} from '@pulse/contracts';
import type { FastifyReply } from 'fastify';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { QuestionEditsService } from './question-edits.service';

/** A question's edit by its author, and its versions (public, the same for every reader: shared at the edge). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/questions')
export class QuestionEditsController {
  constructor(private readonly edits: QuestionEditsService) {}

  @Patch(':id')
  @HttpCode(200)
  edit(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(editQuestionBodySchema)) body: EditQuestionBody,
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
    const versions = await this.edits.revisionsOf(id);
    // Only once the id is known good; an edit of the question purges its tag (QuestionPurges).
    void reply.header(CACHE_TAG_HEADER, questionTag(id));
    return versions;
  }
}
