import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TOPICS, type ArticlePublishedV2Payload, type EventEnvelope } from '@pulse/contracts';
import { StoryQuestionsService } from './story-questions.service';

/** content → community: article.published v2 carries the story id (libs/contracts article-published-v2.event.ts). */
@Controller()
export class StoryQuestionsHandler {
  constructor(private readonly storyQuestions: StoryQuestionsService) {}

  @EventPattern<string>(TOPICS.articlePublishedV2)
  onArticlePublished(@Payload() event: EventEnvelope<ArticlePublishedV2Payload>): Promise<void> {
    return this.storyQuestions.onArticlePublished(event.payload);
  }
}
