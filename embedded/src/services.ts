import { communityService } from '@pulse/community';
import { contentService } from '@pulse/content';
import { ingestionService } from '@pulse/ingestion';
import { newsletterService } from '@pulse/newsletter';
import { newsroomService } from '@pulse/newsroom';
import type { ServiceDefinition } from '@pulse/platform';
import { translationService } from '@pulse/translation';
import { trendingService } from '@pulse/trending';

/** Every service, in start order: producers' consumers first, so no early event waits for a late subscriber. */
export const ALL_SERVICES: readonly ServiceDefinition[] = [
  newsroomService,
  contentService,
  trendingService,
  newsletterService,
  communityService,
  translationService,
  ingestionService,
];
