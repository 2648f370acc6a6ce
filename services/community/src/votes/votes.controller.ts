import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { VotesService } from './votes.service';

/** docs/spec-community.md §7 votes on questions (upvote) and answers (upvote, downvote). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  @Post('questions/:id/vote')
  @HttpCode(200)
  question(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.votes.onQuestion(id, body, actor, ip);
  }

  @Post('answers/:id/vote')
  @HttpCode(200)
  answer(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.votes.onAnswer(id, body, actor, ip);
  }
}
