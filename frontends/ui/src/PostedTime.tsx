import { useSyncExternalStore } from 'react';
import { formatDateTime, formatPostedTime, isoDate } from './format';

/** How often shown times are brought up to date ('1분 전' → '2분 전'): below a minute, so none lags by one. */
export const CLOCK_TICK_MS = 15_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** One timer for every time on the page, running while any is shown. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), CLOCK_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

// Whole ticks, so that reading the clock twice in one render gives the same value.
const now = () => Math.floor(Date.now() / CLOCK_TICK_MS) * CLOCK_TICK_MS;

/**
 * The time something was posted, as the community shows it (formatPostedTime): '방금 전', 'n분 전', then date
 * and time, kept current while shown. The server render and hydration show the date and time (a document
 * may be kept and shown minutes later, and must hydrate as sent); the relative form follows right after.
 * The full date and time is always the element's title.
 */
export function PostedTime({ value, className }: { value: string | null | undefined; className?: string }) {
  const current = useSyncExternalStore(subscribe, now, () => null);
  return (
    <time dateTime={isoDate(value)} title={formatDateTime(value)} className={className}>
      {formatPostedTime(value, current)}
    </time>
  );
}
