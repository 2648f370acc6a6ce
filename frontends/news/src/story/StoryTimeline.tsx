import type { StoryEntry } from '@pulse/contracts/src/api/stories';
import { PostedTime } from '@pulse/frontend-ui';
import { Link } from 'react-router-dom';
import { COPY } from '../copy';

const copy = COPY.story;

/**
 * The story's coverage, newest first, as an ordered list: each entry's time (as the community shows times), the
 * source, our Korean article and the source's own page.
 */
export function StoryTimeline({ entries }: { entries: readonly StoryEntry[] }) {
  return (
    <ol className="story-timeline" aria-label={copy.timeline}>
      {entries.map((entry) => {
        const source = entry.sourceName ?? copy.unnamedSource;
        return (
          <li key={`${entry.articleId}\n${entry.sourceUrl ?? ''}`} className="story-timeline__entry">
            <p className="story-timeline__meta">
              <PostedTime value={entry.publishedAt} className="story-timeline__time" />
              <span className="story-timeline__source">{source}</span>
            </p>
            <h2 className="story-timeline__title">
              <Link to={entry.articlePath}>{entry.title}</Link>
            </h2>
            {entry.summary && <p className="story-timeline__summary">{entry.summary}</p>}
            {entry.sourceUrl && (
              <a
                className="story-timeline__original"
                href={entry.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
                title={entry.sourceTitle ?? undefined}
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
