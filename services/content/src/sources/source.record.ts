import type { SourceType, SourceWebSub } from '@pulse/contracts';

/**
 * A news source as the content service knows it (collection 'sources'): the public catalogue entry that
 * ingestion announces with source.updated. Article counts are not stored: they are counted from the
 * articles themselves, so they cannot drift.
 */
export interface SourceRecord {
  _id: string;
  name: string;
  description: string;
  sourceType: SourceType;
  url: string;
  imageUrl: string | null;
  /** False while paused in ingestion and once removed there (kept, so an older event cannot revive it). */
  enabled: boolean;
  /**
   * About how often ingestion polls it, in seconds, and its WebSub subscription, as last announced; null
   * when the event did not say (absent on records stored before the fields existed).
   */
  pollIntervalSeconds?: number | null;
  websub?: SourceWebSub | null;
  /** The announcing event's updatedAt: an event applies only when it is newer. */
  updatedAt: string;
}
