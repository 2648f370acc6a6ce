import { Module } from '@nestjs/common';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { AssistantModule } from '../assistant/assistant.module';
import { CommentsModule } from '../comments/comments.module';
import { StoryArticlesModule } from '../story-questions/story-articles.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { ActivityService } from './activity.service';
import { BookmarkTargets } from './bookmark-targets';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksRepository } from './bookmarks.repository';
import { BookmarksService } from './bookmarks.service';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';
import { MeController } from './me.controller';
import { ReaderStateController } from './reader-state.controller';
import { ReaderStateService } from './reader-state.service';

/** The reader's own space (/me): follows, bookmarks, own posts, export and deletion. */
@Module({
  imports: [ContentArticlesModule, CommentsModule, AssistantModule, StoryArticlesModule],
  controllers: [FollowsController, BookmarksController, MeController, ReaderStateController],
  providers: [
    FollowsService,
    BookmarksRepository,
    BookmarkTargets,
    BookmarksService,
    ActivityService,
    AccountExportService,
    AccountDeletionService,
    ReaderStateService,
  ],
})
export class MeModule {}
