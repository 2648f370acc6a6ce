import { GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  PAGE_SIZES,
  resolveCategorySlug,
  type ArticleDetailResponse,
  type ArticleListItem,
  type CategoryPageResponse,
  type OffsetPageResponse,
  type RelatedArticlesResponse,
  type NewsListQuery,
  type InsightsListQuery,
  type CategoryPageQuery,
} from '@pulse/contracts';
import { ArticleCache } from './article-cache';
import { toArticle, toListItem } from './article.mapper';
import type { ArticleRecord } from './article.record';
import { ArticlesRepository } from './articles.repository';
import { CLOCK, type Clock } from '@pulse/platform';

/** docs/spec-content.md §8: what a missing article is called, by the detail page and every call on an article. */
export const ARTICLE_NOT_FOUND = 'Article not found';
/** An insight its editors withdrew: 410, so crawlers drop it and the page says it was taken down. */
export const ARTICLE_WITHDRAWN = '게시가 중단된 글입니다. 편집진이 이 글을 내렸습니다.';
/** docs/spec-content.md §8: an unknown category. */
export const CATEGORY_NOT_FOUND = 'Category not found';
/** Related articles shown on the detail page's sidebar. */
export const RELATED_LIMIT = 6;
/** How many recent articles of the category are weighed for relatedness. */
const RELATED_CANDIDATES = 60;

/** A category request by a legacy or Korean name: the caller answers with a redirect to the slug. */
export class CategoryRedirect {
  constructor(readonly slug: string) {}
}

/** Reading articles: the news and insight lists, the detail, related articles and category pages. */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly cache: ArticleCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/content/news: newest first; hot=true lists hot topics by hotScore. */
  news(query: NewsListQuery): Promise<OffsetPageResponse> {
    const { limit, offset, hot } = query;
    return this.offsetPage(
      (skip, take) => (hot ? this.articles.hotNews(skip, take) : this.articles.newest('news', skip, take)),
      offset,
      limit,
    );
  }

  /** GET /api/content/insights. */
  insights(query: InsightsListQuery): Promise<OffsetPageResponse> {
    const { limit, offset } = query;
    return this.offsetPage((skip, take) => this.articles.newest('insight', skip, take), offset, limit);
  }

  /** GET /api/articles/:id. */
  async detail(articleId: string): Promise<ArticleDetailResponse> {
    const article = await this.cache.article(articleId, async () => {
      const record = await this.articles.findPublished(articleId);
      return record ? toArticle(record) : undefined;
    });
    if (!article) {
      // Only a miss pays for the second read: a withdrawn insight is gone on purpose, not unknown.
      if (await this.articles.isWithdrawn(articleId)) throw new GoneException(ARTICLE_WITHDRAWN);
      throw new NotFoundException(ARTICLE_NOT_FOUND);
    }
    return { article };
  }

  /** The published article or a 404, for the other calls on one article. */
  async requirePublished(id: string): Promise<ArticleRecord> {
    const record = await this.articles.findPublished(id);
    if (!record) throw new NotFoundException(ARTICLE_NOT_FOUND);
    return record;
  }

  /**
   * GET /api/articles/related/:id: articles of the same category ranked by tags in common, then by
   * recency; the type does not matter (the sidebar links to /{type}/{id}).
   */
  async related(id: string): Promise<RelatedArticlesResponse> {
    const article = await this.requirePublished(id);
    const articles = await this.cache.related(article._id, () => this.findRelated(article));
    return { articles };
  }

  /** GET /api/articles/category/:slug; a legacy or Korean name throws CategoryRedirect. */
  async category(name: string, query: CategoryPageQuery): Promise<CategoryPageResponse> {
    const slug = resolveCategorySlug(name);
    if (!slug) throw new NotFoundException(CATEGORY_NOT_FOUND);
    const { page, sort, filter } = query;
    if (slug !== name) throw new CategoryRedirect(slug);
    const size = PAGE_SIZES.category;
    const { records, total } = await this.articles.categoryPage(
      slug,
      filter,
      sort,
      this.clock.now(),
      (page - 1) * size,
      size,
    );
    return { articles: records.map(toListItem), currentPage: page, totalPages: Math.ceil(total / size) };
  }

  private async offsetPage(
    read: (skip: number, limit: number) => Promise<ArticleRecord[]>,
    offset: number,
    limit: number,
  ) {
    // One more than asked says whether another page exists without counting the collection.
    const records = await read(offset, limit + 1);
    return {
      articles: records.slice(0, limit).map(toListItem),
      pagination: { hasMore: records.length > limit },
    };
  }

  private async findRelated(article: ArticleRecord): Promise<ArticleListItem[]> {
    const candidates = await this.articles.relatedCandidates(article, RELATED_CANDIDATES);
    const mine = new Set(article.tags.map((tag) => tag.slug));
    const shared = (other: ArticleRecord) => other.tags.filter((tag) => mine.has(tag.slug)).length;
    return candidates
      .map((other, recency) => ({ other, rank: shared(other) * 1000 - recency }))
      .sort((a, b) => b.rank - a.rank)
      .slice(0, RELATED_LIMIT)
      .map(({ other }) => toListItem(other));
  }
}
