import { Module } from '@nestjs/common';
import { AdminAuthModule, SERVICE_CONFIG } from '@pulse/platform';
import { ContentSettingsRepository } from './content-settings.repository';
import { EngagementApplier } from './engagement-applier';
import { EngagementRecovery } from './engagement-recovery';
import { EngagementCaps } from './engagement-caps';
import { EngagementFiguresService } from './engagement-figures.service';
import { EngagementTallyRepository } from './engagement-tally.repository';
import {
  ArticleEngagementController,
  EngagementFiguresController,
  InteractionsController,
} from './engagement.controller';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';
import { LikeMarkersRepository } from './like-markers.repository';
import { LikesService } from './likes.service';
import { ReaderSessions } from './reader-sessions';
import { SharesService } from './shares.service';
import { ViewMarkersRepository } from './view-markers.repository';
import { ViewsService } from './views.service';

/**
 * Views, likes and shares on articles, and the anonymous reader session they hang on. ReaderSessions is
 * exported for the other areas that count per reader (tech-analysis likes).
 */
@Module({
  imports: [AdminAuthModule],
  controllers: [ArticleEngagementController, InteractionsController, EngagementFiguresController],
  providers: [
    EngagementCaps,
    EngagementTallyRepository,
    EngagementFiguresService,
    ContentSettingsRepository,
    ReaderSessions,
    ViewMarkersRepository,
    LikeMarkersRepository,
    EngagementApplier,
    EngagementRecovery,
    ViewsService,
    LikesService,
    SharesService,
    // engagementConfigSchema, validated at start by the platform (ServiceDefinition.config).
    {
      provide: ENGAGEMENT_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { engagement: EngagementConfig }) => config.engagement,
    },
  ],
  exports: [ReaderSessions, EngagementCaps],
})
export class EngagementModule {}
