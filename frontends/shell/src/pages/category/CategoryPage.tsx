import {
  CATEGORY_DEFINITIONS,
  CATEGORY_SLUGS,
  resolveCategorySlug,
  type CategoryPageResponse,
  type CategorySlug,
} from '@pulse/contracts';
import {
  ArticleCard,
  FollowButton,
  LIST_QUERY,
  MovedTo,
  useApiQuery,
  useNavigateTo,
  usePageHead,
} from '@pulse/frontend-ui';
import { Link, useLocation, useParams } from 'react-router';
import { ArticleListStates } from '../../components/ArticleListStates';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Pagination } from '../../components/Pagination';
import { CATEGORY } from '../../copy';
import { CategorySidebar } from './CategorySidebar';
import {
  CATEGORY_FILTERS,
  CATEGORY_SORTS,
  categoryApiPath,
  categorySearch,
  DEFAULT_CATEGORY_QUERY,
  readCategoryQuery,
  type CategoryQuery,
} from './category-query';

/** /category/{category}: a known slug, a legacy or Korean name (redirected), or 'Category not found'. */
export default function CategoryPage() {
  const { category = '' } = useParams();
  const { search } = useLocation();
  const slug = resolveCategorySlug(category);
  if (!slug) return <CategoryNotFound />;
  // docs/spec-content.md §2: a legacy or Korean name moves to the slug, keeping the page's filters.
  if (slug !== category) return <MovedTo to={`/category/${slug}${search}`} />;
  return <CategoryListing slug={slug} />;
}

function CategoryListing({ slug }: { slug: CategorySlug }) {
  const definition = CATEGORY_DEFINITIONS[slug];
  const { search } = useLocation();
  const navigate = useNavigateTo();
  const query = readCategoryQuery(new URLSearchParams(search));
  const path = categoryApiPath(slug, query);
  const result = useApiQuery<CategoryPageResponse>(path, path, LIST_QUERY);
  usePageHead({
    title: definition.name,
    description: `${definition.description}. 펄스가 전하는 ${definition.name} 최신 뉴스.`,
    canonical: `/category/${slug}`,
  });

  // Sort and filter start again at page 1; each change is a history entry, so Back undoes it.
  const go = (next: CategoryQuery) => navigate(`/category/${slug}${categorySearch(next)}`);

  return (
    <div className="listing-layout">
      <div>
        <Breadcrumb items={[{ label: definition.name }]} />
        <header className="listing-header">
          <h1>{definition.name}</h1>
          <p>{definition.description}</p>
          <FollowButton kind="category" followKey={slug} label={definition.name} />
          <a href={`/category/${slug}/rss.xml`} target="_blank" rel="noopener" className="rss-link">
            {CATEGORY.rss}
          </a>
        </header>
        <div
          className="listing-controls"
          role="group"
          aria-label={`${CATEGORY.sortLabel} · ${CATEGORY.filterLabel}`}
        >
          <label>
            {CATEGORY.sortLabel}
            <select
              value={query.sort}
              onChange={(e) => go({ ...query, page: 1, sort: e.target.value as CategoryQuery['sort'] })}
            >
              {CATEGORY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CATEGORY.sorts[sort]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {CATEGORY.filterLabel}
            <select
              value={query.filter}
              onChange={(e) => go({ ...query, page: 1, filter: e.target.value as CategoryQuery['filter'] })}
            >
              {CATEGORY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {CATEGORY.filters[filter]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button--outline" onClick={() => go(DEFAULT_CATEGORY_QUERY)}>
            {CATEGORY.reset}
          </button>
        </div>
        <ArticleListStates
          result={result}
          skeletons={6}
          errorTitle={CATEGORY.error}
          emptyTitle={CATEGORY.empty}
        >
          {(data) => (
            <>
              <h2 className="sr-only">{CATEGORY.articlesHeading}</h2>
              <div className="card-grid">
                {data.articles.map((article, index) => (
                  <ArticleCard
                    key={article.id}
                    article={article}
                    to={`/article/${encodeURIComponent(article.id)}`}
                    priority={index < 2}
                  />
                ))}
              </div>
              <Pagination
                page={data.currentPage}
                totalPages={data.totalPages}
                hrefFor={(page) => `/category/${slug}${categorySearch({ ...query, page })}`}
              />
            </>
          )}
        </ArticleListStates>
      </div>
      <CategorySidebar />
    </div>
  );
}

/** docs/spec-content.md §8: 'Category not found', with the known categories to choose from. */
function CategoryNotFound() {
  usePageHead({ title: CATEGORY.notFound, status: 404 });
  return (
    <section className="state state--error">
      <h1 className="state__title">{CATEGORY.notFound}</h1>
      <p className="state__message">{CATEGORY.notFoundExplanation}</p>
      <ul className="page-links">
        {CATEGORY_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to={`/category/${slug}`}>{CATEGORY_DEFINITIONS[slug].name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
