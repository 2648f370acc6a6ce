import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  PAGE_SIZES,
  type ArchiveResponse,
  type SearchPageQuery,
  type SearchPageResponse,
  type ArchiveQuery,
  type SearchResultItem,
} from '@pulse/contracts';
import {
  MAX_QUERY_LENGTH,
  SEARCH_INDEX,
  SearchBackendError,
  SearchIndexNotFoundError,
  SearchInputError,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  CLOCK,
  type Clock,
} from '@pulse/platform';
import { toListItem } from '../articles/article.mapper';
import type { ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { TechAnalysesRepository } from '../tech-analysis/tech-analyses.repository';
import type { TechAnalysisRecord } from '../tech-analysis/tech-analysis.record';
import { ARTICLE_INDEX, type ArticleSearchDocument } from './article-document';
import { archiveIndexQuery, hasWord, searchPageIndexQuery } from './index-queries';
import { otherKeyboardLayout } from './keyboard-layout';
import { toSearchResultItem, toTechAnalysisResultItem, toUnmarkedResultItem } from './search-results';
import { techAnalysisIdOf } from './tech-analysis-document';

/**
 * Meilisearch counts hits only up to its maxTotalHits (100,000, meilisearch.settings.ts); a page past
 * that is empty on every engine, so it is answered without asking for it.
 */
const SEARCH_WINDOW = 100_000;

/**
 * The search page and the archive. Queries are validated by the contracts' schemas (a ZodError is a 400
 * naming the parameter), the index finds and orders, and the articles shown are read from the store.
 */
@Injectable()
export class ArticleSearchService {
  constructor(
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    private readonly articles: ArticlesRepository,
    private readonly analyses: TechAnalysesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/articles/search: a q through the index; a tag alone straight from the store. */
  async searchPage(raw: SearchPageQuery): Promise<SearchPageResponse> {
    const query = raw;
    const size = PAGE_SIZES.search;
    if (query.q === undefined) {
      const { records, total } = await this.articles.tagPage(
        { ...query, tag: query.tag! },
        this.clock.now(),
        query.page,
        size,
      );
      return {
        articles: records.map(toUnmarkedResultItem),
        total,
        pages: Math.ceil(total / size),
        matching: 'all',
      };
    }
    if (!hasWord(query.q)) return { articles: [], total: 0, pages: 0, matching: 'all' };
    const { result, searchedAs } = await this.forgivingFind({ ...query, q: query.q }, size);
    const analysisIds = result.hits.flatMap((hit) => techAnalysisIdOf(hit.id) ?? []);
    const [records, analyses] = await Promise.all([
      this.publishedByIds(result.hits.filter((hit) => !techAnalysisIdOf(hit.id)).map((hit) => hit.id)),
      this.publishedAnalysesByIds(analysisIds),
    ]);
    return {
      articles: result.hits.flatMap((hit): SearchResultItem[] => {
        const analysisId = techAnalysisIdOf(hit.id);
        if (analysisId !== undefined) {
          const analysis = analyses.get(analysisId);
          return analysis ? [toTechAnalysisResultItem(analysis, hit.highlights)] : [];
        }
        const record = records.get(hit.id);
        return record ? [toSearchResultItem(record, hit.highlights)] : [];
      }),
      total: result.total,
      pages: result.totalPages,
      matching: result.allWordsMatched || result.hits.length === 0 ? 'all' : 'partial',
      ...(searchedAs === undefined ? {} : { searchedAs }),
    };
  }

  /**
   * The query as typed; when it finds nothing or only part of it, the same keys read in the other 한/영
   * keyboard mode (keyboard-layout.ts), kept when that finds every word, or anything where the typed one
   * found nothing. Hangul read as QWERTY grows 2 to 5 times, so a long Korean query may have no reading
   * the index accepts: it is then searched as typed only.
   */
  private async forgivingFind(query: SearchPageQuery & { q: string }, size: number) {
    const now = this.clock.now();
    const asTyped = await this.find(query.page, size, searchPageIndexQuery(query, now));
    if (asTyped.total > 0 && asTyped.allWordsMatched) return { result: asTyped };
    const converted = otherKeyboardLayout(query.q);
    if (converted === undefined || converted.length > MAX_QUERY_LENGTH) return { result: asTyped };
    const other = await this.find(query.page, size, searchPageIndexQuery({ ...query, q: converted }, now));
    const better = other.total > 0 && (other.allWordsMatched || asTyped.total === 0);
    return better ? { result: other, searchedAs: converted } : { result: asTyped };
  }

  /** GET /api/articles/archive: a text query through the index, the rest straight from the store. */
  async archive(raw: ArchiveQuery): Promise<ArchiveResponse> {
    const query = raw;
    const size = PAGE_SIZES.archive;
    if (query.q === undefined) {
      const { records, total } = await this.articles.archivePage(query, this.clock.now(), query.page, size);
      return {
        articles: records.map(toListItem),
        currentPage: query.page,
        totalPages: Math.ceil(total / size),
      };
    }
    if (!hasWord(query.q)) return { articles: [], currentPage: query.page, totalPages: 0 };
    const result = await this.find(query.page, size, archiveIndexQuery(query, this.clock.now()));
    const records = await this.publishedByIds(result.hits.map((hit) => hit.id));
    const found = result.hits.flatMap((hit) => records.get(hit.id) ?? []);
    return { articles: found.map(toListItem), currentPage: query.page, totalPages: result.totalPages };
  }

  private async find(
    page: number,
    hitsPerPage: number,
    query: SearchQuery,
  ): Promise<SearchResult<ArticleSearchDocument>> {
    try {
      if ((page - 1) * hitsPerPage < SEARCH_WINDOW) {
        return await this.search.search<ArticleSearchDocument>(ARTICLE_INDEX, {
          ...query,
          page,
          hitsPerPage,
        });
      }
      const counted = await this.search.search(ARTICLE_INDEX, { ...query, page: 1, hitsPerPage: 1 });
      return {
        hits: [],
        total: counted.total,
        page,
        hitsPerPage,
        totalPages: Math.ceil(counted.total / hitsPerPage),
        allWordsMatched: counted.allWordsMatched,
      };
    } catch (error) {
      // Not the reader's fault: the index is not ensured yet (backend down at start) or the backend failed.
      if (error instanceof SearchIndexNotFoundError || error instanceof SearchBackendError) {
        throw new ServiceUnavailableException('Search is temporarily unavailable; try again later');
      }
      // The index's own limits (query length, paging) are narrower in places than the contract's: the message names the field.
      if (error instanceof SearchInputError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** The published analyses among `ids`: one taken out of publication since it was indexed is dropped. */
  private async publishedAnalysesByIds(ids: string[]): Promise<Map<string, TechAnalysisRecord>> {
    if (ids.length === 0) return new Map();
    const records = await this.analyses.findPublishedByIds(ids);
    return new Map(records.map((record) => [record._id, record]));
  }

  /** The published articles among `ids`: a hit the store no longer shows (held meanwhile) is dropped. */
  private async publishedByIds(ids: string[]): Promise<Map<string, ArticleRecord>> {
    if (ids.length === 0) return new Map();
    const records = await this.articles.findPublishedByIds(ids);
    return new Map(records.map((record) => [record._id, record]));
  }
}
