import type { Article, ArticleDetailResponse, ArticleListItem, ArticleTag } from '@pulse/contracts';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, ARTICLE_QUERY, useApiQuery } from '../api';
import { AssistantButton } from '../assistant';
import { categoryName } from '../categories';
import { formatCount, formatDate, isoDate } from '../format';
import { usePageHead, type PageHead } from '../head';
import type { SocialPlatform } from '../ShareButtons';
import { WhenVisible } from '../WhenVisible';
import { ArticleProblem, ArticleSkeleton } from './ArticleStates';
import { ARTICLE_PAGE } from './copy';
import { BilingualView } from './BilingualView';
import { FreshnessStamp } from './FreshnessStamp';
import { HeroImage } from './HeroImage';
import { BookmarkButton } from '../community/own/BookmarkButton';
import { LikeButton } from './LikeButton';
import { OriginalSourceBox } from './OriginalSourceBox';
import { articlePath, isValidArticleId } from './paths';
import { RelatedSidebar, type RelatedThumb } from './RelatedSidebar';
import { ShareBar } from './ShareBar';
import { StoryLink } from './StoryLink';
import { VideoList } from './VideoList';
import { countViewOnce } from './view-count';
import { ArticleBody } from './ArticleBody';

// Below the article, loaded when the reader scrolls toward it (docs/benchmarks.md 'Front-end page speed').
const ArticleDiscussion = lazy(() => import('./ArticleDiscussion'));

/** What differs between /article/{id} and content detail (docs/spec-content.md §2); everything else is shared. */
export interface ArticleRouteOptions {
  /** Where '돌아가기' goes on an error when there is no history to go back to. */
  backPath: string;
  /** /search?tag={name} on /article, /tags/{slug} on content detail (§2). */
  tagHref: (tag: ArticleTag) => string;
  relatedHref: (item: ArticleListItem) => string;
  relatedThumb: RelatedThumb;
  sharePlatforms: readonly SocialPlatform[];
  copyLink?: boolean;
  /** Content detail generates a missing hero image; /article shows the default image (§4). */
  generateMissingImage?: boolean;
  /** Above the article: the breadcrumb on /article (§2 'A breadcrumb shows on article and category pages'). */
  breadcrumb?: (article: Article) => ReactNode;
  /** Before the date: category badges on /article, the type label on content detail. */
  badges: (article: Article) => ReactNode;
  /** Between the hero and the body: the tech-metadata and key-insights boxes of content detail. */
  boxes?: (article: Article) => ReactNode;
}

/**
 * One article, one canonical URL, as the server-rendered head names it: news at /article/{id}, insights
 * and analyses at their own sections, whichever route shows it.
 */
const CANONICAL_PREFIX: Record<Article['type'], string> = {
  news: '/article/',
  insight: '/insights/',
  analysis: '/analysis/',
};

const articleHead = (article: Article): PageHead => ({
  title: article.title,
  ...(article.summary ? { description: article.summary } : {}),
  canonical: `${CANONICAL_PREFIX[article.type]}${encodeURIComponent(article.id)}`,
});

/**
 * The one article page (docs/spec-content.md §2 'Article detail' and 'Content detail'), mounted by the shell at
 * /article/{id} and by the news remote at /news, /analysis and /insights/{id}. States: loading skeleton, error,
 * not found, shown (§4 'Detail page').
 */
export function ArticleDetailPage({ id, ...route }: ArticleRouteOptions & { id: string | undefined }) {
  const valid = isValidArticleId(id);
  const { data, error, isLoading, refetch } = useApiQuery<ArticleDetailResponse>(
    valid ? `article:${id}` : null,
    valid ? articlePath(id) : '',
    ARTICLE_QUERY,
    { credentials: 'include' },
  );
  const article = data?.article;
  const failed = !valid || (!article && !!error);
  // An insight its editors withdrew is gone on purpose (410), so crawlers drop it and the page says so.
  const withdrawn = error instanceof ApiError && error.status === 410;
  // A failure a server render sees is a missing article (it renders no other error): its document is a 404.
  usePageHead(
    article
      ? articleHead(article)
      : failed
        ? withdrawn
          ? { title: ARTICLE_PAGE.withdrawnTitle, status: 410 }
          : { title: ARTICLE_PAGE.notFoundTitle, status: 404 }
        : null,
  );
  useEffect(() => {
    if (article) countViewOnce(article.id);
  }, [article]);

  if (!valid) return <ArticleProblem message={ARTICLE_PAGE.invalidId} backPath={route.backPath} />;
  if (article) return <ArticleView article={article} route={route} />;
  if (isLoading) return <ArticleSkeleton />;
  if (withdrawn)
    return (
      <ArticleProblem
        title={ARTICLE_PAGE.withdrawnTitle}
        message={ARTICLE_PAGE.withdrawn}
        backPath={route.backPath}
      />
    );
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <ArticleProblem
      message={notFound ? ARTICLE_PAGE.notFound : ARTICLE_PAGE.loadFailed}
      detail={error?.message}
      onRetry={() => void refetch()}
      backPath={route.backPath}
    />
  );
}

function ArticleView({ article, route }: { article: Article; route: ArticleRouteOptions }) {
  const { pathname } = useLocation();
  // Only the share handlers read it, never the markup, so a server render (no window) may leave the origin out.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = `${origin}${pathname}`;
  return (
    <div className="article-layout">
      <article
        className="article"
        aria-labelledby="article-title"
        lang={article.translationStatus === 'pending' ? 'en' : undefined}
      >
        {route.breadcrumb?.(article)}
        <HeroImage
          id={article.id}
          src={article.imageUrl}
          alt={article.title}
          label={categoryName(article.primaryCategory)}
          generateMissing={route.generateMissingImage ?? false}
        />
        <header className="article__header">
          <p className="article__meta">
            {route.badges(article)}
            <time className="article__date" dateTime={isoDate(article.publishedAt)}>
              {formatDate(article.publishedAt)}
            </time>
            <span>
              {ARTICLE_PAGE.views} {formatCount(article.views)}
            </span>
            <FreshnessStamp freshness={article.freshness} />
          </p>
          <h1 id="article-title">{article.title}</h1>
          {article.summary && <p className="article__summary">{article.summary}</p>}
          {article.storyId && <StoryLink storyId={article.storyId} />}
          <div className="article__actions">
            <ShareBar
              id={article.id}
              title={article.title}
              url={url}
              sharesCount={article.sharesCount}
              platforms={route.sharePlatforms}
              copyLink={route.copyLink}
            />
            <LikeButton id={article.id} likesCount={article.likesCount} />
            <BookmarkButton
              kind={article.type === 'insight' ? 'insight' : 'article'}
              id={article.id}
              title={article.title}
            />
          </div>
        </header>
        {route.boxes?.(article)}
        {article.bilingual && article.translationStatus === 'translated' ? (
          <BilingualView article={article} bilingual={article.bilingual} />
        ) : (
          /* Sanitised by the content service before it is stored (docs/design.md §10): only safe tags, and
             iframes to YouTube alone. */
          <ArticleBody html={article.content} />
        )}
        {article.tags.length > 0 && (
          <ul className="article__tags" aria-label={ARTICLE_PAGE.tags}>
            {article.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={route.tagHref(tag)}>#{tag.name}</Link>
              </li>
            ))}
          </ul>
        )}
        <VideoList videos={article.youtubeVideos} />
        <OriginalSourceBox article={article} />
        {/* docs/spec-community.md §2 'Article comments', then the story's questions. */}
        <WhenVisible name="discussion">
          <Suspense fallback={null}>
            <ArticleDiscussion articleId={article.id} />
          </Suspense>
        </WhenVisible>
        <AssistantButton articleId={article.id} />
      </article>
      {/* After the article: rendered beside a skeleton, it would jump when the article's real height arrives (on a
          phone it sits below the article; Lighthouse counted it as a 0.27 layout shift). */}
      <RelatedSidebar id={article.id} hrefOf={route.relatedHref} thumb={route.relatedThumb} />
    </div>
  );
}
