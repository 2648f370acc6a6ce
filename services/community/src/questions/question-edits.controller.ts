import { Body, Controller, Get, HttpCode, Param, Patch, UseFilters } from '@nestjs/common';
import { type EditQuestionBody, editQuestionBodySchema, idParamSchema } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { QuestionEditsService } from './question-edits.service';

/** A question's edit by its author, and its versions (public; not cached at the edge: read on demand). */
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
  revisions(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.edits.revisionsOf(id);
  }
}
