import { Module } from '@nestjs/common';
import { StoryArticlesModule } from '../story-questions/story-articles.module';
import { CommunityReaderSessions, ReaderKeyPipe } from '../identity/reader-key.decorator';
import { QuestionIndex } from './question-index';
import { QuestionViews } from './question-views';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** The question list, detail, ask and delete. Repositories come from CommunityStoreModule. */
@Module({
  imports: [StoryArticlesModule],
  controllers: [QuestionsController],
  providers: [QuestionIndex, QuestionViews, QuestionsService, CommunityReaderSessions, ReaderKeyPipe],
  exports: [QuestionsService, QuestionIndex],
})
export class QuestionsModule {}
