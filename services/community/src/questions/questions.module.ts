import { Module } from '@nestjs/common';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { StoryArticlesModule } from '../story-questions/story-articles.module';
import { CommunityReaderSessions, ReaderKeyPipe } from '../identity/reader-key.decorator';
import { QuestionIndex } from './question-index';
import { QuestionStats } from './question-stats';
import { QuestionViews } from './question-views';
import { QuestionEditsController } from './question-edits.controller';
import { QuestionEditsService } from './question-edits.service';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** The question list, detail, ask, edit (with its revisions) and delete. Repositories come from CommunityStoreModule. */
@Module({
  imports: [ContentArticlesModule, StoryArticlesModule],
  controllers: [QuestionsController, QuestionEditsController],
  providers: [
    QuestionIndex,
    QuestionStats,
    QuestionViews,
    QuestionsService,
    QuestionEditsService,
    CommunityReaderSessions,
    ReaderKeyPipe,
  ],
  exports: [QuestionsService, QuestionIndex],
})
export class QuestionsModule {}
