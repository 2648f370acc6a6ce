import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock } from '@pulse/platform';
import { ArticlesCoreModule } from './articles/articles-core.module';
import { ArticlesModule } from './articles/articles.module';
import { AuthoringModule } from './authoring/authoring.module';
import { EngagementModule } from './engagement/engagement.module';
import { FeedsModule } from './feeds/feeds.module';
import { ImagesModule } from './images/images.module';
import { PublishingModule } from './publishing/publishing.module';
import { SearchModule } from './search/search.module';
import { SourcesModule } from './sources/sources.module';
import { StoriesModule } from './stories/stories.module';
import { TechAnalysisModule } from './tech-analysis/tech-analysis.module';

/**
 * The content service: articles and their lists, story timelines, categories, archive, Korean search, feeds, sources,
 * tech analyses, images, engagement and authoring. Each area is its own module over the shared article
 * store (ArticlesCoreModule).
 */
@Module({})
export class ContentModule {
  /** The module on the system clock (the service definition) or on a settable one (tests). */
  static withClock(clock: Clock = systemClock): DynamicModule {
    return {
      module: ContentModule,
      imports: [
        ClockModule.with(clock),
        ArticlesCoreModule,
        PublishingModule,
        ArticlesModule,
        StoriesModule,
        EngagementModule,
        SearchModule,
        FeedsModule,
        ImagesModule,
        TechAnalysisModule,
        SourcesModule,
        AuthoringModule,
      ],
    };
  }
}

@Global()
@Module({})
class ClockModule {
  static with(clock: Clock): DynamicModule {
    return {
      module: ClockModule,
      providers: [{ provide: CLOCK, useValue: clock }],
      exports: [CLOCK],
    };
  }
}
