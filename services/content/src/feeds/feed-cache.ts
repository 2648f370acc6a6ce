import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { ArticleChanges } from '../articles/article-changes';
import type { FeedDocument } from './feed-document';
import { FEED_MAX_AGE_SECONDS } from './feed-document';

const GENERATION_KEY = 'content:feeds:generation';

/**
 * Rendered feeds and sitemaps through the cache port, for as long as readers may keep them. Any article
 * change makes them all stale at once by moving a generation number that is part of every key (there are
 * many sitemap pages; deleting them one by one would need a list of them). Old generations expire.
 */
@Injectable()
export class FeedCache implements OnModuleInit {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    private readonly changes: ArticleChanges,
  ) {}

  onModuleInit(): void {
    this.changes.onChange(() => this.invalidate());
  }

  document(name: string, render: () => Promise<FeedDocument>): Promise<FeedDocument> {
    return this.value(name, render);
  }

  /** Anything else worked out from the same articles (the sitemap's page count), kept and dropped with the documents. */
  async value<T>(name: string, load: () => Promise<T>): Promise<T> {
    const generation = (await this.cache.get<number>(GENERATION_KEY)) ?? 0;
    return this.cache.getOrLoad(`content:feeds:${generation}:${name}`, FEED_MAX_AGE_SECONDS * 1000, load);
  }

  async invalidate(): Promise<void> {
    await this.cache.incr(GENERATION_KEY);
  }
}
