import { useRef, useSyncExternalStore } from 'react';
import { formatDateTime, formatPostedTime } from './posted-time';

// Read when the time is drawn; the page's own re-renders (its data refreshed) bring it up to date. No timer of
// its own: the question page is at its JavaScript budget (docs/benchmarks.md 'Front-end page speed').
const unchanging = () => () => undefined;

/** In whole steps of 15 s, so that React reading the clock twice for one render gets the same value. */
export const CLOCK_STEP_MS = 15_000;
const now = () => Math.floor(Date.now() / CLOCK_STEP_MS) * CLOCK_STEP_MS;

/**
 * The time something was posted, as the community shows it (formatPostedTime): '방금 전', 'n분 전', then date
 * and time. Drawn on the server, it is the date and time, and stays so once hydrated: a document may be kept
 * in caches and shown minutes later, and turning it into '방금 전' after hydration would move the text
 * beside it (a layout shift). Drawn in the browser (a page reached in the site, a new answer or comment),
 * it is relative. The full date and time is always the element's title.
 */
export function PostedTime({ value, className }: { value: string | null | undefined; className?: string }) {
  // Set when React asks for the server's value: in a server render and while hydrating one, never else.
  const fromServer = useRef(false);
  const current = useSyncExternalStore(unchanging, now, () => ((fromServer.current = true), null));
  return (
    // The API's own ISO 8601 time, as the community's pages always wrote it.
    <time dateTime={value ?? undefined} title={formatDateTime(value)} className={className}>
      {formatPostedTime(value, fromServer.current ? null : current)}
    </time>
  );
}
