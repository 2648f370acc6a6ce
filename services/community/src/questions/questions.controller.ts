import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor, Viewer } from '../identity/actor.decorator';
import { ReaderKey } from '../identity/reader-key.decorator';
import { QuestionsService } from './questions.service';

/**
 * The gateway renders question pages from this detail call; its render is not a reader's view. A client
 * sending the header only forgoes counting its own view.
 */
const PAGE_RENDER_HEADER = 'x-pulse-page-render';

/** docs/spec-community.md §7 question calls. Responses carry the viewer's vote, so they are never shared-cached. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  list(
    @Query() query: unknown,
    @Viewer() viewer: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.questions.list(query, viewer);
  }

  @Get(':id')
  detail(
    @Param('id') id: string,
    @Viewer() viewer: Actor | undefined,
    @ReaderKey() reader: string,
    @Headers(PAGE_RENDER_HEADER) pageRender: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.questions.detail(id, viewer, pageRender === '1' ? undefined : reader);
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentActor() actor: Actor, @ClientIp() ip: string) {
    return this.questions.create(body, actor, ip);
  }

  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id') id: string, @CurrentActor() actor: Actor) {
    return this.questions.remove(id, actor);
  }
}
