import { Module } from '@nestjs/common';
import { StoryArticlesModule } from './story-articles.module';
import { StoryQuestionsController } from './story-questions.controller';
import { StoryQuestionsHandler } from './story-questions.handler';
import { StoryQuestionsService } from './story-questions.service';

/** Questions that follow a story: the story map, the questions under an article, the askers' notices. */
@Module({
  imports: [StoryArticlesModule],
  controllers: [StoryQuestionsController, StoryQuestionsHandler],
  providers: [StoryQuestionsService],
})
export class StoryQuestionsModule {}
