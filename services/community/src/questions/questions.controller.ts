import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import {
  CACHE_TAG_HEADER,
  QUESTION_LISTS_TAG,
  questionTag,
  type QuestionListQuery,
  questionListQuerySchema,
  type CreateQuestionBody,
  createQuestionBodySchema,
  idParamSchema,
} from '@pulse/contracts';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor, Viewer } from '../identity/actor.decorator';
import { ReaderKey, type ReaderKeyValue } from '../identity/reader-key.decorator';
import { QuestionsService } from './questions.service';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-community.md §7 question calls. The reads are the same bytes for every reader, so the gateway
 * and a CDN may share them (gateway/src/edge/http-caching.ts); each names in `cache-tag` what it shows, and
 * the writes purge those tags (QuestionPurges). The reader's own votes and views are their own calls
 * (votes.controller.ts, view below).
 */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  @Header(CACHE_TAG_HEADER, QUESTION_LISTS_TAG)
  list(@Query(new ZodPipe(questionListQuerySchema)) query: QuestionListQuery) {
    return this.questions.list(query);
  }

  @Get(':id')
  async detail(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const detail = await this.questions.detail(id);
    // Only once the id is known good (the service answers 400 or 404 first).
    void reply.header(CACHE_TAG_HEADER, questionTag(detail.data.id));
    return detail;
  }

  /** Counts the reader's view (chosen path: the seed counted views inside the detail read). */
  @Post(':id/view')
  @HttpCode(200)
  view(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Viewer() viewer: Actor | undefined,
    @ReaderKey() reader: ReaderKeyValue,
    @ClientIp() ip: string,
  ) {
    return this.questions.view(id, viewer, reader, ip);
  }

  @Post()
  @HttpCode(201)
  create(
    @Body(new ZodPipe(createQuestionBodySchema)) body: CreateQuestionBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.questions.create(body, actor, ip);
  }

  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.questions.remove(id, actor);
  }
}
