import type { Story, StoryResponse } from '@pulse/contracts/src/api/stories';
import {
  ApiError,
  ErrorState,
  FollowButton,
  isValidArticleId,
  LIST_QUERY,
  PostedTime,
  Skeleton,
  StoryQuestions,
  storyPath,
  useApiQuery,
  usePageHead,
  type PageHead,
} from '@pulse/frontend-ui';
import { Link, useParams } from 'react-router';
import { STORY_PAGE as copy } from './story-copy';
import { StoryTimeline } from './StoryTimeline';

/**
 * The story's head. Not indexed, links followed: every line of the page is an article's title and summary,
 * indexed at the article's own address, and which articles a story gathers can change as sources join it.
 */
const storyHead = (story: Story): PageHead => ({
  title: copy.headTitle(story.title),
  description: copy.description(story.title, story.sourceCount, story.articleCount),
  canonical: `/story/${encodeURIComponent(story.id)}`,
  robots: 'noindex, follow',
});

/**
 * /story/{id}: every article of one story across its sources on a timeline, newest first, with the community's
 * questions about the story beside it (below it on a phone). States: loading, not found (unknown, or every
 * article withdrawn), a failed load with a retry.
 */
export default function StoryPage() {
  const { id } = useParams();
  const valid = isValidArticleId(id);
  const { data, error, isLoading, refetch } = useApiQuery<StoryResponse>(
    valid ? `story:${id}` : null,
    valid ? storyPath(id) : '',
    LIST_QUERY,
  );
  const story = data?.story;
  const missing = !valid || (error instanceof ApiError && error.status === 404);
  usePageHead(story ? storyHead(story) : missing ? { title: copy.notFoundTitle, status: 404 } : null);

  if (story) return <StoryView story={story} />;
  if (isLoading) return <StorySkeleton />;
  if (missing)
    return (
      <section className="page story-problem" aria-labelledby="story-problem-title">
        <h1 id="story-problem-title">{copy.notFoundTitle}</h1>
        <p>{valid ? copy.notFound : copy.invalidId}</p>
        <Link to="/news">{copy.toNews}</Link>
      </section>
    );
  return (
    <section className="page" aria-labelledby="story-problem-title">
      <h1 id="story-problem-title">{copy.notFoundTitle}</h1>
      <ErrorState title={copy.loadFailed} message={error?.message} onRetry={() => void refetch()} />
    </section>
  );
}

function StoryView({ story }: { story: Story }) {
  // The community lists a story's questions by any of its articles; the newest stands for the story.
  const anArticle = story.entries[0].articleId;
  return (
    <div className="article-layout story-layout">
      <section className="story" aria-labelledby="story-title">
        <header className="story__header">
          <p className="story__kicker">{copy.kicker}</p>
          <h1 id="story-title">{story.title}</h1>
          <p className="story__meta">
            <span>{copy.counts(story.sourceCount, story.articleCount)}</span>
            <span>
              {copy.firstSeen} <PostedTime value={story.firstSeenAt} />
            </span>
          </p>
          {/* A new article of a followed story becomes a notice on the bell. */}
          <FollowButton kind="story" followKey={story.id} label={story.title} />
        </header>
        <StoryTimeline entries={story.entries} />
      </section>
      <aside className="story-layout__aside">
        <StoryQuestions articleId={anArticle} />
      </aside>
    </div>
  );
}

function StorySkeleton() {
  return (
    <div className="article-layout story-layout">
      <div className="story" role="status" aria-busy="true" aria-label={copy.loading}>
        <Skeleton className="skeleton--line skeleton--short" />
        <Skeleton className="skeleton--headline" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="skeleton--line" />
        ))}
      </div>
    </div>
  );
}
