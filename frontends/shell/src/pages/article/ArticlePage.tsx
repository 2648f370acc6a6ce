import type { Article } from '@pulse/contracts';
import { ArticleDetailPage, type ArticleRouteOptions, categoryName } from '@pulse/frontend-ui';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb';

/** The primary and secondary category badges, each a link to its category page. */
function CategoryBadges({ article }: { article: Article }) {
  return (
    <>
      <Link to={`/category/${article.primaryCategory}`} className="badge badge--category">
        {categoryName(article.primaryCategory)}
      </Link>
      {article.secondaryCategory && article.secondaryCategory !== article.primaryCategory && (
        <Link to={`/category/${article.secondaryCategory}`} className="badge badge--secondary">
          {categoryName(article.secondaryCategory)}
        </Link>
      )}
    </>
  );
}

/** What /article/{id} has of its own (docs/spec-content.md §2 'Article detail'); the page is frontends/ui's. */
export const ARTICLE_ROUTE: ArticleRouteOptions = {
  backPath: '/',
  tagHref: (tag) => `/search?tag=${encodeURIComponent(tag.name)}`,
  relatedHref: (item) => `/article/${encodeURIComponent(item.id)}`,
  relatedThumb: 'default-image',
  sharePlatforms: ['facebook', 'twitter', 'telegram'],
  breadcrumb: (article) => (
    <Breadcrumb
      items={[
        { label: categoryName(article.primaryCategory), to: `/category/${article.primaryCategory}` },
        { label: article.title },
      ]}
    />
  ),
  badges: (article) => <CategoryBadges article={article} />,
};

/** /article/{id}: the shared article page with the breadcrumb and category badges (it names its own head). */
export default function ArticlePage() {
  const { id } = useParams();
  return <ArticleDetailPage id={id} {...ARTICLE_ROUTE} />;
}
