import { Module } from '@nestjs/common';
import { AdminAuthModule } from '@pulse/platform';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { CommentModerationService } from './comment-moderation.service';
import { CommentPurges } from './comment-purges';
import { CommentReactionsService } from './comment-reactions.service';
import { CommentsAdminController } from './comments-admin.controller';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** Article comments: threads, replies to depth 3, edit and delete by the author, likes, reports, moderation. */
@Module({
  imports: [AdminAuthModule, ContentArticlesModule],
  controllers: [CommentsController, CommentsAdminController],
  providers: [
    CommentsRepository,
    CommentPurges,
    CommentsService,
    CommentReactionsService,
    CommentModerationService,
  ],
  // The reader's own space lists, exports and anonymises an identity's comments (and purges their threads).
  exports: [CommentsRepository, CommentPurges],
})
export class CommentsModule {}
