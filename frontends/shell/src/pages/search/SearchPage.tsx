import type { ArticleListItem, SearchPageResponse, SearchResultItem } from '@pulse/contracts';
import {
  ArticleImage,
  categoryName,
  EmptyState,
  ErrorState,
  FollowButton,
  formatDate,
  isoDate,
  LIST_QUERY,
  MovedTo,
  Skeleton,
  truncate,
  useApiQuery,
  usePageHead,
} from '@pulse/frontend-ui';
import { Link, useLocation } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { searchHead } from '../../page-heads';
import { COMMON, SEARCH_PAGE } from '../../copy';
import { isEmptySearch, readSearchQuery, searchApiPath, searchPageUrl } from './search-query';

/** docs/spec-content.md §9: a result's description is cut at 120 characters. */
export const SEARCH_DESCRIPTION_LENGTH = 120;

/** /search?q= or ?tag=: results in 3 columns with pagination; an empty query goes home (docs/spec-content.md §2). */
export default function SearchPage() {
  const { search } = useLocation();
  const query = readSearchQuery(new URLSearchParams(search));
  const empty = isEmptySearch(query);
  const path = searchApiPath(query);
  // A tag page answers the plain list; a text query says how it searched (matching, searchedAs).
  const { data, error, isLoading, refetch } = useApiQuery<
    Omit<SearchPageResponse, 'matching'> & Partial<Pick<SearchPageResponse, 'matching'>>
  >(empty ? null : path, path, LIST_QUERY);
  const title = query.q ? SEARCH_PAGE.title(query.q) : SEARCH_PAGE.tagTitle(query.tag);
  usePageHead(empty ? null : searchHead(query));
  if (empty) return <MovedTo to="/" />;

  return (
    <div className="search-page">
      <header className="listing-header">
        <h1>{title}</h1>
        {!query.q && query.tag && <FollowButton kind="tag" followKey={query.tag} label={`#${query.tag}`} />}
        {data && <p className="muted">{SEARCH_PAGE.total(data.total)}</p>}
        {data?.searchedAs && query.q && (
          <p className="search-notice" role="status">
            {SEARCH_PAGE.searchedAs(query.q, data.searchedAs)}
          </p>
        )}
        {data?.matching === 'partial' && data.articles.length > 0 && (
          <p className="search-notice" role="status">
            <strong>{SEARCH_PAGE.partial}</strong> {SEARCH_PAGE.partialHint}
          </p>
        )}
      </header>
      {isLoading ? (
        <div className="search-grid">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="skeleton--result" />
          ))}
        </div>
      ) : error && !data ? (
        <ErrorState
          title={SEARCH_PAGE.error}
          message={error.message}
          onRetry={() => void refetch()}
          retryLabel={COMMON.retry}
        />
      ) : data && data.articles.length === 0 ? (
        <EmptyState title={SEARCH_PAGE.empty} message={SEARCH_PAGE.emptyHint} />
      ) : data ? (
        <>
          <ul className="search-grid">
            {data.articles.map((article) => (
              <SearchResult key={article.id} article={article} />
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={data.pages}
            hrefFor={(page) => searchPageUrl({ ...query, page })}
          />
        </>
      ) : null}
    </div>
  );
}

/** An article, or a tech analysis (its own page, labelled with its technology). */
function SearchResult({ article }: { article: ArticleListItem | SearchResultItem }) {
  const analysis = 'kind' in article;
  const category = analysis
    ? `${SEARCH_PAGE.techAnalysis} · ${article.technologyName}`
    : categoryName(article.primaryCategory);
  return (
    <li className="search-result">
      <Link to={analysis ? article.url : `/article/${encodeURIComponent(article.id)}`}>
        <ArticleImage
          src={analysis ? null : article.imageUrl}
          alt=""
          label={category}
          className="search-result__image"
          width={480}
          height={270}
        />
        <span className="search-result__meta">
          {category} · <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
        </span>
        <h2 className="search-result__title">{article.title}</h2>
        <p className="search-result__description">{truncate(article.summary, SEARCH_DESCRIPTION_LENGTH)}</p>
      </Link>
    </li>
  );
}
