/**
 * Feed dates to ISO 8601 UTC. Feeds disagree on formats, so we accept the three that matter — RFC 822
 * (RSS), RFC 3339 (Atom, JSON Feed) and unix seconds (Hacker News) — and parse them ourselves rather than
 * through Date.parse, which reads zone-less strings in the server's local time and accepts nonsense.
 * Anything else gives undefined: a missing date is not a reason to drop a story.
 */

// RFC 822 / 2822 zone names, plus KST because Korean sources use it.
const NAMED_ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -5 * 60,
  EDT: -4 * 60,
  CST: -6 * 60,
  CDT: -5 * 60,
  MST: -7 * 60,
  MDT: -6 * 60,
  PST: -8 * 60,
  PDT: -7 * 60,
  KST: 9 * 60,
  JST: 9 * 60,
  CET: 60,
  CEST: 2 * 60,
  BST: 60,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// "Mon, 03 Mar 2025 14:05:00 +0000", "3 Mar 25 14:05 GMT", "Monday, 03-Mar-2025 14:05:00 PST".
const RFC822 =
  /^(?:[a-z]+,?\s+)?(\d{1,2})[\s-]+([a-z]{3})[a-z]*\.?[\s-]+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?$/i;

// "2025-03-03T14:05:00Z", "2025-03-03T14:05:00.123+09:00", "2025-03-03 14:05:00" (no zone: UTC), "2025-03-03".
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Plausible publication dates only: a year-0 or year-9999 value is a broken feed, not a date. */
const MIN_MS = Date.UTC(1990, 0, 1);
const MAX_FUTURE_MS = 366 * 24 * 3600 * 1000;

export function toIsoUtc(value: string | number | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const ms = typeof value === 'number' ? unixSecondsToMs(value) : parseDateString(value);
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  // A year-ahead sanity bound on what a feed claims, deep in pure parsers that hold no injected Clock:
  // the wall clock decides no expiry, window or schedule here, and a test clock must not make a real
  // feed's dates look implausible.
  // eslint-disable-next-line pulse-clock/no-wall-clock -- plausibility bound, not service time (above)
  if (ms < MIN_MS || ms > Date.now() + MAX_FUTURE_MS) return undefined;
  return new Date(ms).toISOString();
}

function unixSecondsToMs(seconds: number): number | undefined {
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined;
}

function parseDateString(raw: string): number | undefined {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text || text.length > 100) return undefined;
  if (/^\d{9,11}$/.test(text)) return unixSecondsToMs(Number(text));
  return parseRfc3339(text) ?? parseRfc822(text);
}

function parseRfc3339(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const base = utc(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (base === undefined) return undefined;
  const offset = zone ? zoneOffsetMinutes(zone) : 0;
  return offset === undefined ? undefined : base - offset * 60_000;
}

function parseRfc822(text: string): number | undefined {
  const m = RFC822.exec(text);
  if (!m) return undefined;
  const [, d, monthName, y, h, mi, s = '0', zone] = m;
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) return undefined;
  // RFC 822 two-digit years: 70–99 are the 1900s, the rest this century (RFC 2822 §4.3).
  let year = Number(y);
  if (y.length === 2) year += year >= 70 ? 1900 : 2000;
  const base = utc(year, month, Number(d), Number(h), Number(mi), Number(s), 0);
  if (base === undefined) return undefined;
  const offset = zone ? zoneOffsetMinutes(zone) : 0;
  return offset === undefined ? undefined : base - offset * 60_000;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return undefined;
  const value = Date.UTC(y, mo, d, h, mi, Math.min(s, 59), ms);
  // Date.UTC rolls 31 Feb over into March; a rolled-over date is a wrong date.
  return new Date(value).getUTCDate() === d || h === 24 ? value : undefined;
}

function zoneOffsetMinutes(zone: string): number | undefined {
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3]);
    return numeric[1] === '-' ? -minutes : minutes;
  }
  const upper = zone.toUpperCase();
  if (upper in NAMED_ZONES) return NAMED_ZONES[upper];
  // RFC 822 military zones are ambiguous (the RFC got their sign wrong), so 2822 says treat them as UTC.
  if (/^[A-IK-Z]$/.test(upper)) return 0;
  return undefined;
}
