import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ARTICLE_LISTS_TAG,
  articleTag,
  PURGE_CHANNEL,
  storyTag,
  purgeMessage,
  type Article,
  type ArticleListItem,
} from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { ArticleChanges } from './article-changes';

/** docs/spec-content.md §7: article 5 minutes, related 10 minutes. */
export const ARTICLE_TTL_MS = 5 * 60_000;
export const RELATED_TTL_MS = 10 * 60_000;

const articleKey = (id: string) => `content:article:${id}`;
const relatedKey = (id: string) => `content:related:${id}`;

/**
 * Cached article responses through the cache port (Redis when several replicas share it). An article's
 * entries are dropped when its content changes (ArticleChanges) and when a like or share changes its
 * counters; views are not invalidated — a view count up to 5 minutes old on the detail is the price of
 * not re-reading a hot article on every view. Each drop is also a purge for the gateway's micro-cache
 * (PURGE_CHANNEL): the article's answers, and every list and its story's timeline when the article itself
 * changed (a story's page lists its articles' titles, so a re-translation shows there too).
 */
@Injectable()
export class ArticleCache implements OnModuleInit {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    private readonly changes: ArticleChanges,
  ) {}

  onModuleInit(): void {
    this.changes.onChange((article) =>
      this.invalidate(article._id, { listsToo: true, storyId: article.storyId }),
    );
  }

  /**
   * The cached article, or the loader's. A missing article (undefined) is not cached: a miss read while
   * the article is being published could land after the publish dropped the key and answer 404 for
   * ARTICLE_TTL_MS, and random ids would fill the cache.
   */
  article(id: string, load: () => Promise<Article | undefined>): Promise<Article | undefined> {
    return this.cache.getOrLoad(articleKey(id), ARTICLE_TTL_MS, load);
  }

  related(id: string, load: () => Promise<ArticleListItem[]>): Promise<ArticleListItem[]> {
    return this.cache.getOrLoad(relatedKey(id), RELATED_TTL_MS, load);
  }

  /**
   * Drops the article's entries. With the cache away this does nothing rather than fail the change that
   * called it (a publish would otherwise be retried and dead-lettered): an entry that survives the outage
   * is at most ARTICLE_TTL_MS old.
   */
  async invalidate(
    id: string,
    { listsToo = false, storyId }: { listsToo?: boolean; storyId?: string } = {},
  ): Promise<void> {
    await this.cache.del([articleKey(id), relatedKey(id)]).catch(() => undefined);
    const tags = listsToo ? [articleTag(id), ARTICLE_LISTS_TAG] : [articleTag(id)];
    if (listsToo && storyId) tags.push(storyTag(storyId));
    await this.cache.publish(PURGE_CHANNEL, purgeMessage(tags));
  }
}
