import type { Article, ArticleDetailResponse } from '@pulse/contracts';
import {
  ApiError,
  ARTICLE_QUERY,
  AssistantButton,
  CommentsSection,
  formatCount,
  formatDate,
  isoDate,
  StoryQuestions,
  useApiQuery,
} from '@pulse/frontend-ui';
import { Link, useLocation, useParams } from 'react-router-dom';
import { articlePath, isValidArticleId } from '../api';
import { COPY } from '../copy';
import type { NewsSection } from '../sections';
import { DetailProblem, DetailSkeleton } from './DetailStates';
import { HeroImage } from './HeroImage';
import { KeyInsightsBox } from './KeyInsightsBox';
import { LikeButton } from './LikeButton';
import { OriginalSourceBox } from './OriginalSourceBox';
import { RelatedSidebar } from './RelatedSidebar';
import { ShareBar } from './ShareBar';
import { TechMetaBox } from './TechMetaBox';
import { VideoList } from './VideoList';
import { useCountView } from './view-count';

/** /news/{id}, /insights/{id} and /analysis/{id} (docs/spec-content.md §2 'Content detail'). */
export default function ContentDetailPage({ section }: { section: NewsSection }) {
  const { id } = useParams();
  const valid = isValidArticleId(id);
  const { data, error, isLoading } = useApiQuery<ArticleDetailResponse>(
    valid ? `article:${id}` : null,
    valid ? articlePath(id) : '',
    ARTICLE_QUERY,
    { credentials: 'include' },
  );
  const article = data?.article;
  useCountView(valid ? id : undefined, article !== undefined);

  const listPath = `/${section}`;
  if (!valid) return <DetailProblem message={COPY.detail.invalidId} listPath={listPath} />;
  if (article) return <ArticleView article={article} />;
  if (error) {
    const message =
      error instanceof ApiError && error.status === 404
        ? COPY.detail.notFound
        : error.message || COPY.detail.loadFailed;
    return <DetailProblem message={message} listPath={listPath} />;
  }
  if (isLoading) return <DetailSkeleton />;
  return <DetailProblem message={COPY.detail.loadFailed} listPath={listPath} />;
}

function ArticleView({ article }: { article: Article }) {
  const { pathname } = useLocation();
  const url =
    typeof window !== 'undefined' && window.location ? `${window.location.origin}${pathname}` : pathname;
  const sources = article.originalSources?.length
    ? article.originalSources
    : article.originalArticle
      ? [article.originalArticle]
      : [];
  return (
    <div className="content-detail">
      <article
        className="content-detail__main"
        lang={article.translationStatus === 'pending' ? 'en' : undefined}
      >
        <HeroImage id={article.id} src={article.imageUrl} alt={article.title} />
        <header className="detail-header">
          <p className="detail-header__meta">
            <span className="badge badge--type">{COPY.detail.typeLabels[article.type]}</span>
            <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            <span>
              {COPY.detail.views} {formatCount(article.views)}
            </span>
          </p>
          <h1>{article.title}</h1>
          {article.summary && <p className="detail-header__summary">{article.summary}</p>}
          {article.tags.length > 0 && (
            <ul className="tag-list" aria-label={COPY.detail.tags}>
              {article.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={`/tags/${encodeURIComponent(tag.slug)}`}>#{tag.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </header>
        <TechMetaBox techMeta={article.techMeta} />
        {article.type === 'insight' && <KeyInsightsBox insights={article.insightMeta?.keyInsights ?? []} />}
        <VideoList videos={article.youtubeVideos ?? []} />
        {/* Sanitised by the server before it is stored (docs/design.md §10); the only iframes it keeps are YouTube's. */}
        <div className="detail-body" dangerouslySetInnerHTML={{ __html: article.content }} />
        <OriginalSourceBox sources={sources} />
        <div className="detail-actions">
          <LikeButton id={article.id} likesCount={article.likesCount} />
          <ShareBar id={article.id} title={article.title} url={url} sharesCount={article.sharesCount} />
        </div>
        {/* docs/spec-community.md §2 'Article comments': the one implementation, shared with the shell's article page. */}
        <CommentsSection articleId={article.id} />
        <StoryQuestions articleId={article.id} />
        <AssistantButton articleId={article.id} />
      </article>
      <RelatedSidebar id={article.id} />
    </div>
  );
}
