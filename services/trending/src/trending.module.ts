import { Module, type DynamicModule } from '@nestjs/common';
import {
  AdminAuthModule,
  SERVICE_CONFIG,
  systemClock,
  CLOCK,
  provideLeases,
  type Clock,
} from '@pulse/platform';
import { EngagementFiguresController } from './engagement/engagement-figures.controller';
import { EngagementFiguresService } from './engagement/engagement-figures.service';
import { EngagementFilter } from './engagement/engagement-filter';
import { EngagementWindows } from './engagement/engagement-windows';
import { EngagementHandler } from './engagement/engagement.handler';
import { EngagementRepository } from './engagement/engagement.repository';
import { EngagementService } from './engagement/engagement.service';
import { TRENDING_CONFIG, type TrendingConfig } from './trending.config';
import { ListReadCache } from './trending/list-read-cache';
import { ScoreBatchesRepository } from './trending/score-batches.repository';
import { ScoresService } from './trending/scores.service';
import { TrendingArticlesRepository } from './trending/trending-articles.repository';
import { TrendingController } from './trending/trending.controller';
import { TrendingPurges } from './trending/trending-purges';
import { TrendingService } from './trending/trending.service';

const providers = [
  EngagementFiguresService,
  EngagementFilter,
  EngagementService,
  EngagementRepository,
  EngagementWindows,
  ListReadCache,
  ScoresService,
  ScoreBatchesRepository,
  TrendingArticlesRepository,
  TrendingPurges,
  TrendingService,
  // trendingConfigSchema, validated at start by the platform (ServiceDefinition.config).
  {
    provide: TRENDING_CONFIG,
    inject: [SERVICE_CONFIG],
    useFactory: (config: { trending: TrendingConfig }) => config.trending,
  },
];

/**
 * The trending service's feature module. Consumes article.published and article.engaged; serves hot
 * topics, popular, rising and statistics; emits trending.scores-updated.
 */
@Module({})
export class TrendingModule {
  /** The module on the system clock (the service definition) or on a settable one (tests). */
  static withClock(clock: Clock = systemClock): DynamicModule {
    return {
      module: TrendingModule,
      imports: [AdminAuthModule],
      controllers: [TrendingController, EngagementHandler, EngagementFiguresController],
      // The periodic recompute is claimed through a lease in the store: one replica per period.
      providers: [...providers, { provide: CLOCK, useValue: clock }, provideLeases()],
    };
  }
}
