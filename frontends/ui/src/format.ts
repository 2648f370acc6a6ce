// Dates are shown in Korean time whatever the reader's machine says (docs/spec-content.md §9: yyyy년 MM월 dd일, MM/dd).
// Korea has kept UTC+9 without daylight saving since 1988, so the date is the UTC date nine hours later.
// Not Intl.DateTimeFormat with timeZone 'Asia/Seoul': creating it loads the browser's time-zone data,
// a 20 ms task on a fast machine when the first page's script runs (docs/benchmarks.md 'Front-end page speed').
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

interface SeoulParts {
  year: string;
  month: string;
  day: string;
  hours: string;
  minutes: string;
}

/** The calendar and clock in Asia/Seoul; null for an invalid date. */
export function seoulParts(value: string | number | Date): SeoulParts | null {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return null;
  const seoul = new Date(time + SEOUL_OFFSET_MS);
  return {
    year: String(seoul.getUTCFullYear()),
    month: twoDigits(seoul.getUTCMonth() + 1),
    day: twoDigits(seoul.getUTCDate()),
    hours: twoDigits(seoul.getUTCHours()),
    minutes: twoDigits(seoul.getUTCMinutes()),
  };
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

/**
 * 12,345 or 42.3: counts of views, likes and shares and the trending figures, as ko-KR's number format
 * writes them (grouped by threes, at most three decimals). Written out rather than an Intl.NumberFormat
 * made when the module loads, for the same reason as the dates.
 */
export function formatCount(value: number | null | undefined): string {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const [whole = '0', fraction] = String(Math.round(Math.abs(number) * 1000) / 1000).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${number < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Cuts text to `max` characters, ending with '…' when it was longer (search descriptions: 120). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = (text ?? '').trim();
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}
