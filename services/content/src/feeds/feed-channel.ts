import type { FeedEntry } from './feed-entry';

/** One feed, whatever its format: the site's whole feed or a category's. */
export interface FeedChannel {
  title: string;
  description: string;
  /** The HTML page the feed mirrors (the home page, a category page). */
  pageUrl: string;
  /** This feed's own absolute URL (rel=self). */
  selfUrl: string;
  entries: FeedEntry[];
  /** When the feed last changed: its newest entry's updatedAt; `now` when it has none. */
  updated: string;
}
