import { Module } from '@nestjs/common';
import { AdminAuthModule } from '@pulse/platform';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { CommentModerationService } from './comment-moderation.service';
import { CommentReactionsService } from './comment-reactions.service';
import { CommentsAdminController } from './comments-admin.controller';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';

/** Article comments: threads, replies to depth 3, edit and delete by the author, likes, reports, moderation. */
@Module({
  imports: [AdminAuthModule, ContentArticlesModule],
  controllers: [CommentsController, CommentsAdminController],
  // The repository and the thread purges are the store module's: reaction counter flushes (votes/) write
  // comments' counts and purge their threads too.
  providers: [CommentsService, CommentReactionsService, CommentModerationService],
})
export class CommentsModule {}
