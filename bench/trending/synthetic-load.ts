import {
  buildEnvelope,
  TOPICS,
  type ArticleEngagedPayload,
  type ArticlePublishedPayload,
  type EventEnvelope,
} from '@pulse/contracts';
import { seededRandom } from '@pulse/testing';

/**
 * Load for the trending benches (the simulation specs' scripted day lives with the tests): `articles`
 * articles published over the 24 h before `nowMs`, and `events` engagement events on them, long-tailed
 * (article i draws weight 1/(i+1)^0.8, a Zipf-like popularity), 95 % views, 4 % likes, 1 % shares, with
 * occurredAt spread over the day after each article's publication. Each event is its own reader's
 * (distinct sessionKey), so the service counts every one. The last 2 % are views, so a bench that waits
 * for the views total knows the likes and shares before them were handled on their partitions.
 * Deterministic for a seed.
 */
export interface SyntheticLoad {
  published: Array<EventEnvelope<ArticlePublishedPayload>>;
  engaged: Array<EventEnvelope<ArticleEngagedPayload>>;
  views: number;
}

const HOUR_MS = 3_600_000;
const TYPES = ['news', 'news', 'news', 'insight', 'analysis'] as const;
const CATEGORIES = ['gen-ai', 'blockchain', 'big-tech'] as const;

export function syntheticLoad(options: {
  nowMs: number;
  articles: number;
  events: number;
  prefix: string;
  seed?: number;
}): SyntheticLoad {
  const next = seededRandom(options.seed ?? 5);
  const iso = (ms: number) => new Date(ms).toISOString();
  const publishedAt = Array.from(
    { length: options.articles },
    () => options.nowMs - 1_000 - next() * 23 * HOUR_MS,
  );
  const published = publishedAt.map((at, index) => {
    const id = `${options.prefix}a${index}`;
    return buildEnvelope(
      TOPICS.articlePublished,
      {
        id,
        type: TYPES[index % TYPES.length],
        title: `벤치마크 기사 ${index}`,
        summary: 'bench',
        categories: [CATEGORIES[index % CATEGORIES.length]],
        tags: ['bench'],
        publishedAt: iso(at),
        url: `/news/${id}`,
        imageUrl: null,
      },
      { source: 'content', id: `${id}-published`, occurredAt: iso(at) },
    );
  });
  // Cumulative Zipf-like weights, for drawing an article.
  const weights = publishedAt.map((_, index) => 1 / Math.pow(index + 1, 0.8));
  const cumulative: number[] = [];
  weights.reduce((sum, weight, index) => (cumulative[index] = sum + weight), 0);
  const total = cumulative[cumulative.length - 1];
  const draw = () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  let views = 0;
  const viewsOnlyFrom = Math.floor(options.events * 0.98);
  const engaged = Array.from({ length: options.events }, (_, n) => {
    const index = draw();
    const articleId = `${options.prefix}a${index}`;
    const at = iso(publishedAt[index] + next() * (options.nowMs - 1_000 - publishedAt[index]));
    const sessionKey = `${options.prefix}session${n.toString(36).padStart(12, '0')}`.replace(
      /[^A-Za-z0-9_-]/g,
      '_',
    );
    const roll = n >= viewsOnlyFrom ? 0 : next();
    const payload: ArticleEngagedPayload =
      roll < 0.95
        ? { articleId, kind: 'view', sessionKey, occurredAt: at }
        : roll < 0.99
          ? { articleId, kind: 'like', sessionKey, occurredAt: at }
          : { articleId, kind: 'share', platform: 'twitter', sessionKey, occurredAt: at };
    if (payload.kind === 'view') views++;
    return buildEnvelope(TOPICS.articleEngaged, payload, {
      source: 'content',
      id: `${options.prefix}e${n}`,
      occurredAt: at,
    });
  });
  return { published, engaged, views };
}
