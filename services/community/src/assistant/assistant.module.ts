import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { ContentArticlesModule } from '../articles/content-articles.module';
import { ArticlePassages } from './article-passages';
import { AssistantLimits } from './assistant-limits';
import { ASSISTANT_CONFIG, type AssistantConfig } from './assistant.config';
import { AssistantController } from './assistant.controller';
import { AssistantService } from './assistant.service';
import { ChatSessionsRepository } from './chat-sessions.repository';

/** The AI assistant: chat sessions, retrieval from content's read API, answers through the LLM port. */
@Module({
  imports: [ContentArticlesModule],
  controllers: [AssistantController],
  providers: [
    {
      provide: ASSISTANT_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { assistant: AssistantConfig }) => config.assistant,
    },
    ChatSessionsRepository,
    ArticlePassages,
    AssistantLimits,
    AssistantService,
  ],
  // The reader's own space removes an identity's conversations when it deletes itself.
  exports: [ChatSessionsRepository],
})
export class AssistantModule {}
