import type { SourceType } from '@pulse/contracts';

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
  /** The announcing event's updatedAt: an event applies only when it is newer. */
  updatedAt: string;
}
