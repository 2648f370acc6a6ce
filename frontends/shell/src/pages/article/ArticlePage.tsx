import type { Article, ArticleDetailResponse } from '@pulse/contracts';
import {
  AssistantButton,
  ARTICLE_QUERY,
  categoryName,
  CommentsSection,
  ErrorState,
  formatDate,
  isoDate,
  Skeleton,
  StoryQuestions,
  useApiQuery,
} from '@pulse/frontend-ui';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/Breadcrumb';
import { useDocumentTitle } from '../../components/use-document-title';
import { ARTICLE, COMMON } from '../../copy';
import { ArticleHeroImage } from './ArticleHeroImage';
import { ArticleShare } from './ArticleShare';
import { LikeButton } from './LikeButton';
import { RelatedSidebar } from './RelatedSidebar';
import { RelatedVideos } from './RelatedVideos';
import { countViewOnce } from './view-count';

/** /article/{id} (docs/spec-content.md §2 'Article detail'). */
export default function ArticlePage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useApiQuery<ArticleDetailResponse>(
    `article:${id}`,
    `/api/articles/${encodeURIComponent(id)}`,
    ARTICLE_QUERY,
    { credentials: 'include' },
  );
  const article = data?.article;
  useDocumentTitle(article?.title ?? (error ? ARTICLE.notFound : undefined));

  useEffect(() => {
    if (article) countViewOnce(article.id);
  }, [article]);

  return (
    <div className="article-layout">
      {isLoading ? (
        <ArticleSkeleton />
      ) : error && !article ? (
        <ArticleNotFound message={error.message} onRetry={() => void refetch()} />
      ) : article ? (
        <ArticleBody article={article} />
      ) : null}
      {/* After the article: rendered beside a skeleton, it would jump when the article's real height
          arrives (on a phone it sits below the article; Lighthouse counted it as a 0.27 layout shift). */}
      {article ? <RelatedSidebar articleId={id} /> : null}
    </div>
  );
}

function ArticleBody({ article }: { article: Article }) {
  const primary = categoryName(article.primaryCategory);
  const source = article.originalArticle;
  return (
    <article className="article" aria-labelledby="article-title">
      <Breadcrumb
        items={[{ label: primary, to: `/category/${article.primaryCategory}` }, { label: article.title }]}
      />
      <header className="article__header">
        <p className="article__badges">
          <Link to={`/category/${article.primaryCategory}`} className="badge badge--category">
            {primary}
          </Link>
          {article.secondaryCategory && article.secondaryCategory !== article.primaryCategory && (
            <Link to={`/category/${article.secondaryCategory}`} className="badge badge--secondary">
              {categoryName(article.secondaryCategory)}
            </Link>
          )}
        </p>
        <h1 id="article-title">{article.title}</h1>
        <p className="article__date">
          <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
        </p>
        <div className="article__actions">
          <ArticleShare articleId={article.id} title={article.title} sharesCount={article.sharesCount} />
          <LikeButton articleId={article.id} likesCount={article.likesCount} />
        </div>
      </header>
      <div className="article-hero">
        <ArticleHeroImage articleId={article.id} src={article.imageUrl} alt={article.title} label={primary} />
      </div>
      {/* HTML sanitised by the content service (docs/design.md §10): only safe tags, and iframes to YouTube alone. */}
      <div className="article__content" dangerouslySetInnerHTML={{ __html: article.content }} />
      {article.tags.length > 0 && (
        <ul className="article__tags" aria-label={ARTICLE.tags}>
          {article.tags.map((tag) => (
            <li key={tag.id}>
              <Link to={`/search?tag=${encodeURIComponent(tag.name)}`}>#{tag.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <RelatedVideos videos={article.youtubeVideos} />
      {source && (
        <p className="article__source">
          <a
            href={source.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="button button--outline"
          >
            {ARTICLE.original}
          </a>{' '}
          <span>
            {ARTICLE.originalSource}: {source.title}
            {source.author ? ` — ${source.author}` : ''}
          </span>
        </p>
      )}
      {/* docs/spec-community.md §2 'Article comments': the one implementation, shared with the news remote's detail. */}
      <CommentsSection articleId={article.id} />
      <StoryQuestions articleId={article.id} />
      <AssistantButton articleId={article.id} />
    </article>
  );
}

/** docs/spec-content.md §8: 'Article not found' with an explanation and the error message. */
function ArticleNotFound({ message, onRetry }: { message: string; onRetry: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="article article--missing">
      <ErrorState title={ARTICLE.notFound} message={ARTICLE.notFoundExplanation} onRetry={onRetry}>
        <p className="state__detail">{message}</p>
      </ErrorState>
      <p>
        <button type="button" className="button button--outline" onClick={() => navigate('/')}>
          {COMMON.backHome}
        </button>
      </p>
    </div>
  );
}

function ArticleSkeleton() {
  return (
    <div className="article article--loading" aria-busy="true">
      <Skeleton className="skeleton--line skeleton--short" />
      <Skeleton className="skeleton--headline" />
      <Skeleton className="skeleton--line skeleton--short" />
      <Skeleton className="article-hero__image" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="skeleton--line" />
      ))}
    </div>
  );
}
