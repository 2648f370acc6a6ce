import { Module } from '@nestjs/common';
import { ContentReadClient } from '@pulse/contracts';
import { SERVICE_CONFIG } from '@pulse/platform';
import { ArticlePassages, CONTENT_READER } from './article-passages';
import { AssistantLimits } from './assistant-limits';
import { ASSISTANT_CONFIG, type AssistantConfig } from './assistant.config';
import { AssistantController } from './assistant.controller';
import { AssistantService } from './assistant.service';
import { ChatSessionsRepository } from './chat-sessions.repository';

/** The AI assistant: chat sessions, retrieval from content's read API, answers through the LLM port. */
@Module({
  controllers: [AssistantController],
  providers: [
    {
      provide: ASSISTANT_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { assistant: AssistantConfig }) => config.assistant,
    },
    {
      provide: CONTENT_READER,
      inject: [ASSISTANT_CONFIG],
      useFactory: (config: AssistantConfig) => new ContentReadClient(config.ASSISTANT_CONTENT_URL),
    },
    ChatSessionsRepository,
    ArticlePassages,
    AssistantLimits,
    AssistantService,
  ],
})
export class AssistantModule {}
