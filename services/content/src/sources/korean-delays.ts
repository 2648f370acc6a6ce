import { Injectable } from '@nestjs/common';
import { ArticleStatsRepository } from './article-stats.repository';

/** The sources page's window: how quickly each source's stories reached readers in Korean this past week. */
export const KOREAN_DELAY_WINDOW_MS = 7 * 86_400_000;

const MINUTE_MS = 60_000;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Per source, the median of (Korean publication − the source's own publication) over published articles whose
 * Korean version went live in the last week. The store groups the pairs of times per source (one per article,
 * the source's earliest item when a story merged two of its items); the median is taken here because the
 * store port offers no median accumulator. A source time after the Korean one is a feed's wrong clock and is
 * left out.
 */
@Injectable()
export class KoreanDelays {
  constructor(private readonly stats: ArticleStatsRepository) {}

  /** Minutes (whole, rounded) by source id; sources with no article of the week are absent. */
  async medianMinutesBySource(now: number): Promise<Map<string, number>> {
    const since = new Date(now - KOREAN_DELAY_WINDOW_MS).toISOString();
    const rows = await this.stats.publicationPairsSince(since);
    const medians = new Map<string, number>();
    for (const row of rows) {
      const delays = row.pairs
        .map((pair) => Date.parse(pair.korean) - Date.parse(pair.source))
        .filter((delay) => Number.isFinite(delay) && delay >= 0);
      const middle = median(delays);
      if (middle !== null) medians.set(row._id, Math.round(middle / MINUTE_MS));
    }
    return medians;
  }
}
