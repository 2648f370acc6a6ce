import { Inject, Injectable } from '@nestjs/common';
import type { ArticleEngagedPayload, EngagementKind } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { TRENDING_CONFIG, type TrendingConfig } from '../trending.config';

const HOUR_MS = 3_600_000;
/** A filter window is one clock hour of occurredAt; its counters outlive it a little, for late events. */
const COUNTER_TTL_MS = 3 * HOUR_MS;

type FilteredKind = 'view' | 'like' | 'share';

/** What the filter weighs an engagement by: an article.engaged event, or a stored view marker. */
export type WeighedEngagement = Pick<
  ArticleEngagedPayload,
  'articleId' | 'occurredAt' | 'networkHash' | 'sessionIssuedAt'
> & { kind: EngagementKind };

/**
 * The weight of the `index`-th (0-based) engagement of a group in one window: full for the first `free`,
 * then 1/2, 1/3, … so a group of n past its allowance adds about ln(n), however large n grows.
 */
export function decayedWeight(index: number, free: number): number {
  return index < free ? 1 : 1 / (index - free + 2);
}

/**
 * The rigging filter between article.engaged and the hot score (docs/abuse/engagement.md), in the spirit
 * of Hacker News's and Reddit's vote-ring rules: a burst from one network, or from brand-new sessions,
 * counts for little, while readers spread over many networks with sessions of some age count in full.
 *
 * Per article, kind (view, like, share) and clock hour of the event:
 * - network: the first TRENDING_FILTER_NETWORK_FREE engagements from one network (networkHash) weigh 1,
 *   the ones after weigh 1/2, 1/3, …;
 * - brand-new sessions (issued less than TRENDING_FILTER_NEW_SESSION_MINUTES before the event): the first
 *   TRENDING_FILTER_NEW_SESSION_FREE_{VIEWS,LIKES,SHARES} such engagements weigh 1, then 1/2, 1/3, …;
 * - an engagement's weight is the product of the two. An event without networkHash or sessionIssuedAt
 *   (from a producer that predates them) is not weighed on that rule. Unlikes are not weighed: an unlike
 *   takes back its own like's discount (foldBatch).
 *
 * The weight applies wherever a view counts towards a ranking: the hot score, the viewsPerHour windows
 * (rising and its badge) and the popular order (EngagementService, TrendingArticlesRepository).
 *
 * The counters live in the cache port (Redis when replicas share it) per window. A batch redelivered after
 * a crash between these counters and the article's counters adds to them again, which only discounts the
 * window's later engagement a little more: the filter errs towards counting less, never more.
 */
@Injectable()
export class EngagementFilter {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(TRENDING_CONFIG) private readonly config: TrendingConfig,
  ) {}

  /** The weight of each event, in order (1 for an unlike). */
  async weigh(events: readonly WeighedEngagement[]): Promise<number[]> {
    const groups = new Map<string, { free: number; members: number[] }>();
    const keysOf: string[][] = events.map(() => []);
    events.forEach((event, index) => {
      if (event.kind === 'unlike') return;
      const hour = Math.floor(Date.parse(event.occurredAt) / HOUR_MS);
      const window = `trending:filter:${event.articleId}:${hour}:${event.kind}`;
      const join = (key: string, free: number) => {
        const group = groups.get(key) ?? { free, members: [] };
        group.members.push(index);
        groups.set(key, group);
        keysOf[index].push(key);
      };
      if (event.networkHash)
        join(`${window}:net:${event.networkHash}`, this.config.TRENDING_FILTER_NETWORK_FREE);
      if (event.sessionIssuedAt && this.isNew(event)) join(`${window}:new`, this.newSessionFree(event.kind));
    });
    // One counter call per group, all sent together: each group learns how many came before this batch.
    const before = new Map<string, number>();
    await Promise.all(
      [...groups].map(async ([key, group]) => {
        const total = await this.cache.incr(key, group.members.length, COUNTER_TTL_MS);
        before.set(key, total - group.members.length);
      }),
    );
    const weights = events.map(() => 1);
    for (const [key, group] of groups)
      group.members.forEach((eventIndex, position) => {
        weights[eventIndex] *= decayedWeight(before.get(key)! + position, group.free);
      });
    return weights;
  }

  private isNew(event: WeighedEngagement): boolean {
    const ageMs = Date.parse(event.occurredAt) - Date.parse(event.sessionIssuedAt!);
    return ageMs < this.config.TRENDING_FILTER_NEW_SESSION_MINUTES * 60_000;
  }

  private newSessionFree(kind: FilteredKind): number {
    const c = this.config;
    return kind === 'view'
      ? c.TRENDING_FILTER_NEW_SESSION_FREE_VIEWS
      : kind === 'like'
        ? c.TRENDING_FILTER_NEW_SESSION_FREE_LIKES
        : c.TRENDING_FILTER_NEW_SESSION_FREE_SHARES;
  }
}
