import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, networkConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { siteConfigSchema } from './content.config';
import { ContentModule } from './content.module';
import { engagementConfigSchema } from './engagement/engagement.config';
import { feedsConfigSchema } from './feeds/feeds.config';
import { imagesConfigSchema } from './images/images.config';
import { contentSearchConfigSchema } from './search/search.config';
import { techAnalysisConfigSchema } from './tech-analysis/tech-analysis.config';

export const contentService: ServiceDefinition = {
  name: 'content',
  module: ContentModule.withClock(),
  uses: ['bus', 'store', 'search', 'cache', 'images', 'llm'],
  defaultPort: 3101,
  httpPrefixes: SERVICE_HTTP_PREFIXES.content,
  config: {
    site: siteConfigSchema,
    feeds: feedsConfigSchema,
    admin: adminConfigSchema,
    search: contentSearchConfigSchema,
    images: imagesConfigSchema,
    engagement: engagementConfigSchema,
    techAnalysis: techAnalysisConfigSchema,
    // The engagement caps' network key (networkOf).
    network: networkConfigSchema,
  },
};
