import type { CategorySlug, ContentType } from '@pulse/contracts';
import type { Frequency } from '../subscribers/subscriber.record';

/** One article of a digest, frozen when the edition was built so the mail and the web version agree. */
export interface DigestArticle {
  id: string;
  type: ContentType;
  title: string;
  summary: string;
  /** Canonical reader URL on PUBLIC_SITE_URL. */
  url: string;
  imageUrl: string | null;
  publishedAt: string;
  views: number;
  /** Why it is in: the period's most read, or hottest now. */
  reason: 'popular' | 'hot';
}

export interface DigestSection {
  category: CategorySlug;
  articles: DigestArticle[];
}

/**
 * One edition (`newsletter_editions`), id 'weekly-2026-03-02' or 'daily-2026-03-03' (its Seoul date), so
 * a schedule tick on every replica creates it once. `enqueue` tracks the walk over subscribers that
 * writes the send records, resumable after a crash from `enqueuedThrough`.
 */
export interface EditionRecord {
  _id: string;
  kind: Frequency;
  /** yyyy-MM-dd in Asia/Seoul. */
  date: string;
  title: string;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  sections: DigestSection[];
  enqueue: 'running' | 'done';
  enqueuedThrough: string;
  /** While an enqueue runs: who runs it and until when the claim holds. */
  enqueueLeaseUntil?: string;
  enqueuedBy?: string;
  recipients: number;
}
