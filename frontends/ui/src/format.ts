// Dates are shown in Korean time whatever the reader's machine says (docs/spec-content.md §9: yyyy년 MM월 dd일, MM/dd).
const SEOUL_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function seoulParts(value: string | number | Date): { year: string; month: string; day: string } | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(SEOUL_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: parts['year'] ?? '', month: parts['month'] ?? '', day: parts['day'] ?? '' };
}

/** 'yyyy년 MM월 dd일' in Asia/Seoul; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const parts = value == null ? null : seoulParts(value);
  return parts ? `${parts.year}년 ${parts.month}월 ${parts.day}일` : '';
}

/** 'MM/dd' in Asia/Seoul (related articles); '' for a missing or invalid date. */
export function formatShortDate(value: string | number | Date | null | undefined): string {
  const parts = value == null ? null : seoulParts(value);
  return parts ? `${parts.month}/${parts.day}` : '';
}

/** The machine-readable date for <time dateTime>, or undefined when invalid. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const COUNT = new Intl.NumberFormat('ko-KR');

/** 12,345 — counts of views, likes and shares. */
export function formatCount(value: number | null | undefined): string {
  return COUNT.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/** Cuts text to `max` characters, ending with '…' when it was longer (search descriptions: 120). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = (text ?? '').trim();
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}
