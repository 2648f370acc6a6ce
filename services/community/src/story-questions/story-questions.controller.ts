import { Controller, Get, Header, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CACHE_TAG_HEADER, idParamSchema, QUESTION_LISTS_TAG } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../identity/actor-resolver';
import { CurrentActor } from '../identity/actor.decorator';
import { StoryQuestionsService } from './story-questions.service';

/** Questions about an article's story, and the identity's notices (ENDPOINTS storyQuestions, notifications). */
@Controller('/api/community')
export class StoryQuestionsController {
  constructor(private readonly storyQuestions: StoryQuestionsService) {}

  @Get('articles/:id/questions')
  @Header(CACHE_TAG_HEADER, QUESTION_LISTS_TAG)
  aboutArticle(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.storyQuestions.aboutArticle(id);
  }

  @Get('notifications')
  notifications(@CurrentActor() actor: Actor, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'private, no-store');
    return this.storyQuestions.notificationsOf(actor);
  }

  @Post('notifications/:id/read')
  @HttpCode(200)
  markRead(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.storyQuestions.markRead(id, actor);
  }
}
