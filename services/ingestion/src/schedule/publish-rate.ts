/**
 * How often a source publishes, as its runs observe it: new items counted over the time they were
 * found in, both decayed with a half-life so a source that changes its pace is followed within hours.
 * The ratio (decayed time / decayed items) is the estimated time between new items.
 */
export interface PublishRate {
  /** Decayed count of new items found. */
  items: number;
  /** Decayed milliseconds those items were found over. */
  spanMs: number;
  /** Start of the last run that observed (a successful one): the next window begins here. */
  observedAt: string;
}

/** Old observations weigh half after this long. */
export const RATE_HALF_LIFE_MS = 2 * 60 * 60_000;

/**
 * Polls per expected new item. An item waits on average half an interval, so eight polls keep that wait
 * at a sixteenth of the gap between items: under four minutes for a source that publishes once an hour
 * (the freshness aim is a median under five). Conditional GETs keep the extra polls cheap (a 304 without
 * a body), and the interval bounds cap how often any source is asked.
 */
export const POLLS_PER_ITEM = 8;

/**
 * Before any observation a source is assumed to publish at the pace its base interval was chosen for
 * (POLLS_PER_ITEM polls per item), weighted as one item: the first interval is the base one, and a
 * single quiet window then stretches it a little instead of sending it to the maximum.
 */
export function priorRate(baseIntervalMs: number, at: string): PublishRate {
  return { items: 1, spanMs: baseIntervalMs * POLLS_PER_ITEM, observedAt: at };
}

/**
 * Adds one successful run to the estimate: `itemsNew` new items in the window from the previous
 * observing run's start to this run's start. A failed run observes nothing; its window is added to
 * the next successful run's.
 */
export function observeRun(rate: PublishRate, itemsNew: number, startedAt: string): PublishRate {
  const windowMs = Math.max(0, Date.parse(startedAt) - Date.parse(rate.observedAt));
  const decay = 2 ** (-windowMs / RATE_HALF_LIFE_MS);
  return {
    items: rate.items * decay + Math.max(0, itemsNew),
    spanMs: rate.spanMs * decay + windowMs,
    observedAt: startedAt,
  };
}

/** Estimated milliseconds between new items; Infinity once nothing has been seen for long. */
export function publishGapMs(rate: PublishRate): number {
  return rate.items > 1e-9 ? rate.spanMs / rate.items : Number.POSITIVE_INFINITY;
}
