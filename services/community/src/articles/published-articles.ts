import { Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ContentReadError } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { CONTENT_READER, type ContentReader } from './content-reader';

export const articleNotFound = (articleId: string) => `id: 기사를 찾을 수 없습니다 (${articleId}).`;
export const ARTICLE_CHECK_UNAVAILABLE = '기사를 지금 확인할 수 없습니다. 잠시 후 다시 시도해주세요.';

/**
 * How long "content publishes this article" is believed. Only a yes is cached, and article.withdrawn
 * forgets it (ArticleWithdrawnHandler); the TTL bounds what an event that never arrives, or a check that
 * was in flight when it did, can leave behind. A no is asked again, so an article published a moment ago
 * takes its first comment at once.
 */
const PUBLISHED_TTL_MS = 5 * 60_000;

const publishedKey = (articleId: string) => `community:article-published:${articleId}`;

/**
 * Whether an article exists, for writes that hang off one (comments). Asked of content's public read API
 * (GET /api/articles/{id}; a withdrawn article answers 410, which is no), cached, rather than kept as a
 * projection of article.published: only content knows an article published before community first
 * started (the embedded bus keeps no history, a new Kafka group sees only what retention kept); its API is
 * right in every mode (ARCHITECTURE.md, 'The community service').
 */
@Injectable()
export class PublishedArticles {
  constructor(
    @Inject(CONTENT_READER) private readonly content: ContentReader,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
  ) {}

  /** 404 naming the article when content does not publish it; 503 when content cannot say. */
  async require(articleId: string): Promise<void> {
    if (!(await this.isPublished(articleId))) throw new NotFoundException(articleNotFound(articleId));
  }

  /** Whether content publishes the article; 503 when content cannot say. */
  async isPublished(articleId: string): Promise<boolean> {
    const published = await this.cache.getOrLoad(publishedKey(articleId), PUBLISHED_TTL_MS, async () =>
      (await this.ask(articleId)) ? true : undefined,
    );
    return published === true;
  }

  /** Content's editors withdrew the article: the next write on it asks content again. */
  async forget(articleId: string): Promise<void> {
    await this.cache.del(publishedKey(articleId));
  }

  private async ask(articleId: string): Promise<boolean> {
    try {
      return (await this.content.article(articleId)) !== undefined;
    } catch (error) {
      if (error instanceof ContentReadError) throw new ServiceUnavailableException(ARTICLE_CHECK_UNAVAILABLE);
      throw error;
    }
  }
}
