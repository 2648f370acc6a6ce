import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { CommentModerationService } from './comment-moderation.service';
import { CommentReactionsService } from './comment-reactions.service';
import { CommentsService } from './comments.service';
import {
  articleCommentsTag,
  CACHE_TAG_HEADER,
  type CommentListQuery,
  commentListQuerySchema,
  type CreateCommentBody,
  createCommentBodySchema,
  type CreateReplyBody,
  createReplyBodySchema,
  type EditCommentBody,
  editCommentBodySchema,
  type CommentVoteBody,
  commentVoteBodySchema,
  type ReportBody,
  reportBodySchema,
  idParamSchema,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';

/** Article comments: the seed's read path and the writes it left local (libs/contracts ENDPOINTS). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly reactions: CommentReactionsService,
    private readonly moderation: CommentModerationService,
  ) {}

  /**
   * The same bytes for every reader (their reactions are the reader-state call's), so the gateway and a
   * CDN share it; named by the article's comments tag, which every change under the article purges.
   */
  @Get('articles/:id/comments')
  list(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Query(new ZodPipe(commentListQuerySchema)) query: CommentListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header(CACHE_TAG_HEADER, articleCommentsTag(id));
    return this.comments.list(id, query);
  }

  @Post('articles/:id/comments')
  @HttpCode(201)
  create(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(createCommentBodySchema)) body: CreateCommentBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.comments.create(id, body, actor, ip);
  }

  @Post('comments/:id/replies')
  @HttpCode(201)
  reply(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(createReplyBodySchema)) body: CreateReplyBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.comments.reply(id, body, actor, ip);
  }

  @Patch('comments/:id')
  @HttpCode(200)
  edit(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(editCommentBodySchema)) body: EditCommentBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.comments.edit(id, body, actor, ip);
  }

  @Delete('comments/:id')
  @HttpCode(200)
  remove(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.comments.remove(id, actor);
  }

  @Post('comments/:id/vote')
  @HttpCode(200)
  react(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(commentVoteBodySchema)) body: CommentVoteBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.reactions.react(id, body, actor, ip);
  }

  @Post('comments/:id/report')
  @HttpCode(200)
  report(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(reportBodySchema)) body: ReportBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.moderation.report(id, body, actor, ip);
  }
}
