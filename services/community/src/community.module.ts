import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG, CLOCK, systemClock, type Clock } from '@pulse/platform';
import { AbuseModule } from './abuse/abuse.module';
import { AnswersModule } from './answers/answers.module';
import { AssistantModule } from './assistant/assistant.module';
import { BadgesModule } from './badges/badges.module';
import { CommentsModule } from './comments/comments.module';
import { COMMUNITY_CONFIG, type CommunityConfig } from './community.config';
import { FailureShape } from './failure-shape';
import { IdentityModule } from './identity/identity.module';
import { MarkdownModule } from './markdown/markdown.module';
import { MeModule } from './me/me.module';
import { ModerationModule } from './moderation/moderation.module';
import { CommunityStoreModule } from './community-store.module';
import { QuestionsModule } from './questions/questions.module';
import { StoryQuestionsModule } from './story-questions/story-questions.module';
import { TrustModule } from './trust/trust.module';
import { VotesModule } from './votes/votes.module';

/**
 * The community service: anonymous nickname identity, questions, answers, votes, article comments, badges,
 * abuse controls and moderation. Each area is its own module; CommunityStoreModule holds the post repositories they share.
 */
@Module({})
export class CommunityModule {
  /** The module on the system clock (the service definition) or on a settable one (tests). */
  static withClock(clock: Clock = systemClock): DynamicModule {
    return {
      module: CommunityModule,
      imports: [
        CommunityCoreModule.with(clock),
        IdentityModule,
        AbuseModule,
        CommunityStoreModule,
        TrustModule,
        BadgesModule,
        QuestionsModule,
        AnswersModule,
        VotesModule,
        ModerationModule,
        CommentsModule,
        AssistantModule,
        StoryQuestionsModule,
        MarkdownModule,
        MeModule,
      ],
      providers: [FailureShape],
    };
  }
}

@Global()
@Module({})
class CommunityCoreModule {
  static with(clock: Clock): DynamicModule {
    return {
      module: CommunityCoreModule,
      providers: [
        { provide: CLOCK, useValue: clock },
        {
          provide: COMMUNITY_CONFIG,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { community: CommunityConfig }) => config.community,
        },
      ],
      exports: [CLOCK, COMMUNITY_CONFIG],
    };
  }
}
