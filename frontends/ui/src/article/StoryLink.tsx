import type { StoryResponse } from '@pulse/contracts/src/api/stories';
import { Link } from 'react-router';
import { LIST_QUERY, useApiQuery } from '../api';
import { ARTICLE_PAGE } from './copy';
import { storyPagePath, storyPath } from './paths';

/**
 * '이 소식의 전체 흐름': the way from an article to its story's page, shown when the story is told more than once
 * (several sources, or several articles). Read from the story itself, so the count is the story page's; the
 * same query key lets that page show at once when the reader follows the link.
 */
export function StoryLink({ storyId }: { storyId: string }) {
  const { data } = useApiQuery<StoryResponse>(`story:${storyId}`, storyPath(storyId), LIST_QUERY);
  const story = data?.story;
  if (!story || story.entries.length < 2) return null;
  return (
    <p className="article__story">
      <Link to={storyPagePath(storyId)}>{ARTICLE_PAGE.storyLink}</Link>{' '}
      <span className="article__story-counts">
        {ARTICLE_PAGE.storyCounts(story.sourceCount, story.articleCount)}
      </span>
    </p>
  );
}
