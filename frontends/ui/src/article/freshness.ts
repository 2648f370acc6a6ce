import type { ArticleFreshness } from '@pulse/contracts';

const MINUTE_MS = 60_000;

/** How long a delay reads: '25분' under an hour, '3시간' under a day, then '2일' (rounded, at least 1분). */
export function formatDelay(ms: number): { text: string; iso: string } {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  if (minutes < 60) return { text: `${minutes}분`, iso: `PT${minutes}M` };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { text: `${hours}시간`, iso: `PT${hours}H` };
  const days = Math.round(hours / 24);
  return { text: `${days}일`, iso: `P${days}D` };
}

/**
 * Korean publication − the source's publication, in ms; null when either time is missing or invalid, or when the
 * source's date comes after ours (a feed's wrong clock: no stamp rather than a wrong one).
 */
export function delayToKorean(freshness: ArticleFreshness | undefined): number | null {
  if (!freshness?.sourcePublishedAt || !freshness.koreanPublishedAt) return null;
  const delay = Date.parse(freshness.koreanPublishedAt) - Date.parse(freshness.sourcePublishedAt);
  return Number.isFinite(delay) && delay >= 0 ? delay : null;
}
