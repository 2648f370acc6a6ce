import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor, Viewer } from '../identity/actor.decorator';
import { AnswersService } from './answers.service';

/** docs/spec-community.md §7 answer calls. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class AnswersController {
  constructor(private readonly answers: AnswersService) {}

  @Get('questions/:id/answers')
  list(
    @Param('id') id: string,
    @Query() query: unknown,
    @Viewer() viewer: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.answers.list(id, query, viewer);
  }

  @Post('questions/:id/answers')
  @HttpCode(201)
  create(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.answers.create(id, body, actor, ip);
  }

  @Post('questions/:id/answers/:answerId/accept')
  @HttpCode(200)
  accept(@Param('id') id: string, @Param('answerId') answerId: string, @CurrentActor() actor: Actor) {
    return this.answers.accept(id, answerId, actor);
  }

  @Delete('answers/:id')
  @HttpCode(200)
  remove(@Param('id') id: string, @CurrentActor() actor: Actor) {
    return this.answers.remove(id, actor);
  }
}
