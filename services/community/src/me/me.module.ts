import { Module } from '@nestjs/common';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { BookmarkTargets } from './bookmark-targets';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksRepository } from './bookmarks.repository';
import { BookmarksService } from './bookmarks.service';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** The reader's own space (/me): follows, bookmarks. */
@Module({
  imports: [ContentArticlesModule],
  controllers: [FollowsController, BookmarksController],
  providers: [FollowsRepository, FollowsService, BookmarksRepository, BookmarkTargets, BookmarksService],
  exports: [FollowsRepository, BookmarksRepository],
})
export class MeModule {}
