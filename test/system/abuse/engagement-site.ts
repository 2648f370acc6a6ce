import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommunityModule } from '@pulse/community/src/community.module';
import { communityService } from '@pulse/community';
import { contentService } from '@pulse/content';
import { ContentModule } from '@pulse/content/src/content.module';
import { translatedArticle } from '@pulse/content/testing/content-test-app';
import { TOPICS } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  EmbeddedSearchIndex,
  InProcessEventBus,
  MemoryCacheStore,
  OffImageGenerator,
  OffLanguageModel,
  publishEvent,
  type Adapter,
  type Clock,
} from '@pulse/platform';
import { trendingService } from '@pulse/trending';
import { TrendingModule } from '@pulse/trending/src/trending.module';
import pino from 'pino';

/**
 * Content, trending and community as the site runs them (createServiceApp on embedded adapters, one
 * in-process bus between them, each service its own store), for the engagement abuse scenario and the
 * rigging benchmark. Content publishes article.engaged to trending through the bus, as in `npm start`.
 */
export const SITE_ADMIN_TOKEN = 'engagement-abuse-admin-token-0123456789';
export const SITE_SESSION_SECRET = 'engagement-abuse-session-secret-0123456789';

export interface EngagementSite {
  content: NestFastifyApplication;
  trending: NestFastifyApplication;
  community: NestFastifyApplication;
  /** Publishes articles as translation would (article.translated), all dated `publishedAtMs`. */
  publish(ids: string[], publishedAtMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startEngagementSite(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<EngagementSite> {
  const logger = pino({ level: process.env.PULSE_SITE_LOG_LEVEL ?? 'silent' });
  const root = mkdtempSync(path.join(os.tmpdir(), 'pulse-engagement-site-'));
  Object.assign(process.env, {
    ADMIN_TOKEN: SITE_ADMIN_TOKEN,
    CONTENT_SESSION_SECRET: SITE_SESSION_SECRET,
    TRENDING_RECOMPUTE_DEBOUNCE_MS: '200',
    TRENDING_READ_CACHE_MS: '0',
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '1000',
    ...options.env,
  });
  const bus = new InProcessEventBus({ maxAttempts: 3, backoff: { initialMs: 5, maxMs: 20 } });
  const adapters: Adapter[] = [];
  const own = async (name: string) => {
    const store = await EmbeddedDocumentStore.open({ dataDir: path.join(root, name) });
    const cache = new MemoryCacheStore();
    adapters.push(store, cache);
    return { store, cache };
  };
  const clock = options.clock;
  const content = await createServiceApp(
    { ...contentService, module: ContentModule.withClock(clock) },
    {
      bus,
      ...(await own('content')),
      search: new EmbeddedSearchIndex(),
      llm: new OffLanguageModel(),
      images: new OffImageGenerator(),
    },
    logger,
  );
  const trending = await createServiceApp(
    { ...trendingService, module: TrendingModule.withClock(clock) },
    { bus, ...(await own('trending')) },
    logger,
  );
  const community = await createServiceApp(
    { ...communityService, module: CommunityModule.withClock(clock) },
    { bus, ...(await own('community')), search: new EmbeddedSearchIndex(), llm: new OffLanguageModel() },
    logger,
  );
  return {
    content,
    trending,
    community,
    async publish(ids, publishedAtMs) {
      for (const articleId of ids)
        await publishEvent(
          bus,
          TOPICS.articleTranslated,
          translatedArticle({ articleId, translatedAt: new Date(publishedAtMs).toISOString() }),
          { source: 'translation' },
        );
    },
    async close() {
      for (const app of [community, trending, content]) await app.close();
      for (const adapter of adapters) await adapter.close();
      await bus.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
