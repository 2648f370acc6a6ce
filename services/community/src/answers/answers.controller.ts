import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  questionTag,
  type AnswerListQuery,
  answerListQuerySchema,
  type CreateAnswerBody,
  createAnswerBodySchema,
  idParamSchema,
} from '@pulse/contracts';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { AnswersService } from './answers.service';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-community.md §7 answer calls. The list is the same bytes for every reader and carries its
 * question's tag (the reader's votes: votes.controller.ts).
 */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class AnswersController {
  constructor(private readonly answers: AnswersService) {}

  @Get('questions/:id/answers')
  async list(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Query(new ZodPipe(answerListQuerySchema)) query: AnswerListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { questionId, answers } = await this.answers.list(id, query);
    void reply.header(CACHE_TAG_HEADER, questionTag(questionId));
    return answers;
  }

  @Post('questions/:id/answers')
  @HttpCode(201)
  create(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(createAnswerBodySchema)) body: CreateAnswerBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.answers.create(id, body, actor, ip);
  }

  @Post('questions/:id/answers/:answerId/accept')
  @HttpCode(200)
  // The answer's id comes before the question's on purpose: Nest runs the last argument's pipe first, so a
  // request with both ids bad is answered about 'id', as when the service parsed the question's id first.
  accept(
    @Param('answerId', new ZodPipe(idParamSchema)) answerId: string,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.answers.accept(id, answerId, actor, ip);
  }

  @Delete('answers/:id')
  @HttpCode(200)
  remove(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.answers.remove(id, actor);
  }
}
