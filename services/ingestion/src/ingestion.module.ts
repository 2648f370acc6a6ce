import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AdminAuthModule, SERVICE_CONFIG, CLOCK, systemClock, provideLeases } from '@pulse/platform';
import { CollectedStoryRepository } from './pipeline/collected-story.repository';
import { FeedReader } from './pipeline/feed-reader.service';
import { pipelineStagesProviders } from './pipeline/pipeline-stages.provider';
import { StoryCollector } from './pipeline/story-collector.service';
import { RunRecorder } from './runs/run-recorder.service';
import { RunRepository } from './runs/run.repository';
import { RunSourceService } from './runs/run-source.service';
import { RunsAdminController } from './runs/runs-admin.controller';
import { RunsController } from './runs/runs.controller';
import { RunsService } from './runs/runs.service';
import { INGESTION_CONFIG, type IngestionConfig } from './schedule/ingestion.config';
import { RunQueue } from './schedule/run-queue';
import { IngestionScheduler } from './schedule/scheduler.service';
import { ScheduledPolls } from './schedule/scheduled-polls';
import { IngestionPurges } from './sources/ingestion-purges';
import { SourceAnnouncer } from './sources/source-announcer';
import { SourceRepository } from './sources/source.repository';
import { SourcePreviewController } from './sources/source-preview.controller';
import { SourcePreviewService } from './sources/source-preview.service';
import { SourcesAdminController } from './sources/sources-admin.controller';
import { SourcesController } from './sources/sources.controller';
import { SourcesService } from './sources/sources.service';
import { SubscriptionRepository } from './websub/subscription.repository';
import { WebSubBodyParser } from './websub/websub-body.parser';
import { WebSubController } from './websub/websub.controller';
import { WebSubPushService } from './websub/websub-push.service';
import { WebSubSubscriptions } from './websub/websub-subscriptions.service';

/**
 * The ingestion service's feature module (docs/design.md §5): sources, scheduled fetch runs (RSS, Atom, JSON
 * APIs, scraping), dedup and clustering; emits article.collected through the outbox. Sources that name a
 * WebSub hub are also pushed to (websub/).
 */
@Module({
  imports: [AdminAuthModule],
  controllers: [
    SourcesController,
    SourcesAdminController,
    SourcePreviewController,
    RunsController,
    RunsAdminController,
    WebSubController,
  ],
  providers: [
    {
      provide: INGESTION_CONFIG,
      // ingestionConfigSchema, validated at start by the platform (ingestion.service-definition.ts).
      inject: [SERVICE_CONFIG],
      useFactory: (config: { ingestion: IngestionConfig }) => config.ingestion,
    },
    { provide: CLOCK, useValue: systemClock },
    // Scheduled work is claimed through leases in the store, so replicas do each job once.
    provideLeases(),
    ScheduledPolls,
    ...pipelineStagesProviders,
    SourceRepository,
    SourceAnnouncer,
    RunRepository,
    CollectedStoryRepository,
    SourcesService,
    SourcePreviewService,
    IngestionPurges,
    FeedReader,
    StoryCollector,
    RunRecorder,
    RunSourceService,
    RunQueue,
    IngestionScheduler,
    RunsService,
    SubscriptionRepository,
    WebSubSubscriptions,
    WebSubPushService,
    WebSubBodyParser,
  ],
})
export class IngestionModule {
  /**
   * The same module with some providers replaced (tests: fake stages, a fake clock, fixed config).
   * Providers of a dynamic module override the static ones with the same token.
   */
  static withProviders(overrides: Provider[]): DynamicModule {
    return { module: IngestionModule, providers: overrides };
  }
}
