import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor, Viewer } from '../identity/actor.decorator';
import { VotesService } from './votes.service';
import {
  type QuestionVoteBody,
  questionVoteBodySchema,
  type AnswerVoteBody,
  answerVoteBodySchema,
  idParamSchema,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';

/** docs/spec-community.md §7 votes on questions (upvote) and answers (upvote, downvote). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  /** The reader's own votes on a question page (chosen path): depends on the reader, never shared. */
  @Get('questions/:id/votes')
  viewerVotes(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Viewer() viewer: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.votes.viewerVotes(id, viewer);
  }

  @Post('questions/:id/vote')
  @HttpCode(200)
  question(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(questionVoteBodySchema)) body: QuestionVoteBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.votes.onQuestion(id, body, actor, ip);
  }

  @Post('answers/:id/vote')
  @HttpCode(200)
  answer(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(answerVoteBodySchema)) body: AnswerVoteBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.votes.onAnswer(id, body, actor, ip);
  }
}
