import type {
  CategorySlug,
  IngestionErrorCategory,
  IngestionSource,
  IngestionSourceAdmin,
  SourceWebSub,
} from '@pulse/contracts';
import { storedCategory } from '../runs/error-category';
import type { ScrapeRules, SourceType } from '../pipeline/pipeline.types';
import type { PublishRate } from '../schedule/publish-rate';

/** A source as stored in `sources`. Dates are ISO strings (store port rule). */
export interface SourceDocument {
  _id: string;
  name: string;
  description: string;
  sourceType: SourceType;
  url: string;
  imageUrl: string | null;
  category: CategorySlug;
  scrape: ScrapeRules | null;
  /** Overrides INGESTION_INTERVAL_MINUTES for this source and pins it (no adaptive polling). */
  intervalMinutes: number | null;
  /** Lets the fetcher reach loopback/private addresses: only for the tests' fixture server. */
  allowPrivateNetwork: boolean;
  /** 'default-list' sources come from default-sources.ts; both kinds are real sources, never samples. */
  origin: 'default-list' | 'admin';
  paused: boolean;
  /** Stories that carry this source (new or joined), recounted after every run. */
  count: number;
  consecutiveFailures: number;
  lastRunAt: string | null;
  /** The last run's error message: the admin's to read (the public sees lastErrorCategory). */
  lastError: string | null;
  /** What kind of failure it was; absent on sources whose last run predates categories. */
  lastErrorCategory?: IngestionErrorCategory | null;
  /** Null: due at the scheduler's next look. */
  nextRunAt: string | null;
  /**
   * How often the source publishes, as its runs observed it (schedule/publish-rate.ts); drives its
   * adaptive interval. Absent or null before its first observation.
   */
  publishRate?: PublishRate | null;
  /**
   * End of the lease of the source's live WebSub subscription (websub/); null or absent when it has
   * none. While it lasts the source is polled at the longest interval only.
   */
  pushUntil?: string | null;
  /**
   * The poll interval announced with source.updated, in seconds: the one in use after the latest run
   * (backoff included, jitter not), moved only by a noticeable change (schedule/next-run.ts,
   * announcedIntervalSeconds). Absent before the first run.
   */
  pollIntervalSeconds?: number;
  /**
   * The state of its latest WebSub subscription, announced with source.updated (websub/); absent or null
   * when it has none.
   */
  websub?: SourceWebSub | null;
  /** Validators of the last successful fetch, for a conditional GET. */
  etag: string | null;
  lastModified: string | null;
  createdAt: string;
  /** Strictly increasing on every change of the public catalogue entry (source.updated orders by it). */
  updatedAt: string;
  /**
   * Fingerprint of the catalogue entry last announced as source.updated, written by the same write as
   * the event (catalogueFingerprint). Absent on sources stored before the event existed; they are
   * announced at the next start.
   */
  announced?: string;
}

export type SourceStatus = 'active' | 'paused' | 'failing';

export const statusOf = (source: SourceDocument): SourceStatus =>
  source.paused ? 'paused' : source.consecutiveFailures > 0 ? 'failing' : 'active';

/** What GET answers, and what admins see besides (libs/contracts, api/ingestion.ts). */
export type SourceView = IngestionSource;
export type SourceAdminView = IngestionSourceAdmin;

export const toSourceView = (s: SourceDocument): SourceView => ({
  id: s._id,
  name: s.name,
  description: s.description,
  sourceType: s.sourceType,
  url: s.url,
  imageUrl: s.imageUrl,
  category: s.category,
  count: s.count,
  status: statusOf(s),
  lastRunAt: s.lastRunAt,
  lastErrorCategory: storedCategory(s.lastErrorCategory, s.lastError),
  nextRunAt: s.nextRunAt,
  origin: s.origin,
  pollIntervalSeconds: s.pollIntervalSeconds ?? null,
  websub: s.websub ? { state: s.websub.state, leaseExpiresAt: s.websub.leaseExpiresAt } : null,
});

export const toSourceAdminView = (s: SourceDocument): SourceAdminView => ({
  ...toSourceView(s),
  lastError: s.lastError,
  scrape: s.scrape,
  intervalMinutes: s.intervalMinutes,
  allowPrivateNetwork: s.allowPrivateNetwork,
  consecutiveFailures: s.consecutiveFailures,
});
