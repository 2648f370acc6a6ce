import { CommentsSection } from '../community/comments';
import { StoryQuestions } from '../story-questions';

/**
 * What follows an article: its comments (docs/spec-community.md §2 'Article comments') and the community's
 * questions about its story. Below the fold, so ArticleDetailPage loads this chunk only when the reader
 * scrolls toward it (WhenVisible).
 */
export default function ArticleDiscussion({ articleId }: { articleId: string }) {
  return (
    <>
      <CommentsSection articleId={articleId} />
      <StoryQuestions articleId={articleId} />
    </>
  );
}
