import type { StoryEntry } from '@pulse/contracts/src/api/stories';
import { PostedTime } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { STORY_PAGE as copy } from './story-copy';

/**
 * The story's coverage, newest first, as an ordered list: each entry's time (as the community shows times), the
 * source, our Korean article and the source's own page. One article clustered from several sources is several
 * entries: its summary shows once, at its newest, and each entry shows the source's own headline instead, so
 * no entry only repeats another.
 */
export function StoryTimeline({ entries }: { entries: readonly StoryEntry[] }) {
  const summarised = new Set<string>();
  return (
    <ol className="story-timeline" aria-label={copy.timeline}>
      {entries.map((entry) => {
        const source = entry.sourceName ?? copy.unnamedSource;
        const firstOfArticle = !summarised.has(entry.articleId);
        summarised.add(entry.articleId);
        return (
          <li key={`${entry.articleId}\n${entry.sourceUrl ?? ''}`} className="story-timeline__entry">
            <p className="story-timeline__meta">
              <PostedTime value={entry.publishedAt} className="story-timeline__time" />
              <span className="story-timeline__source">{source}</span>
            </p>
            <h2 className="story-timeline__title">
              <Link to={entry.articlePath}>{entry.title}</Link>
            </h2>
            {firstOfArticle && entry.summary && <p className="story-timeline__summary">{entry.summary}</p>}
            {entry.sourceTitle && entry.sourceTitle !== entry.title && (
              <p className="story-timeline__source-title">
                {copy.sourceHeadline} <q>{entry.sourceTitle}</q>
              </p>
            )}
            {entry.sourceUrl && (
              <a
                className="story-timeline__original"
                href={entry.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {copy.original}
                <span className="sr-only">{copy.originalOf(source)}</span>
              </a>
            )}
          </li>
        );
      })}
    </ol>
  );
}
