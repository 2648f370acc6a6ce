import type { Frequency } from '../subscribers/subscriber.record';

/** Asia/Seoul has no daylight saving time: UTC+9 all year. */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Editions go out at 08:00 Seoul time. */
const SEND_HOUR = 8;

export interface DueEdition {
  id: string;
  kind: Frequency;
  date: string;
  /** When it became due (UTC ISO). */
  dueAt: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * The latest edition of `kind` due at or before `now`: daily at 08:00 Seoul every day, weekly at 08:00
 * Seoul on Mondays. Its period is the day or week before it went out.
 */
export function latestDue(kind: Frequency, now: number): DueEdition {
  const seoul = new Date(now + SEOUL_OFFSET_MS);
  let day = Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate());
  if (seoul.getUTCHours() < SEND_HOUR) day -= DAY_MS;
  if (kind === 'weekly') {
    // getUTCDay: 0 Sunday … 1 Monday.
    const back = (new Date(day).getUTCDay() + 6) % 7;
    day -= back * DAY_MS;
  }
  return editionAt(kind, day);
}

/** The first edition of `kind` due after `now`: the latest due one, a period later. */
export function nextDue(kind: Frequency, now: number): DueEdition {
  const latest = latestDue(kind, now);
  const seoulMidnight = Date.parse(`${latest.date}T00:00:00.000Z`);
  return editionAt(kind, seoulMidnight + (kind === 'weekly' ? 7 : 1) * DAY_MS);
}

function editionAt(kind: Frequency, seoulMidnight: number): DueEdition {
  const date = new Date(seoulMidnight).toISOString().slice(0, 10);
  const due = seoulMidnight + SEND_HOUR * 60 * 60 * 1000 - SEOUL_OFFSET_MS;
  const length = kind === 'weekly' ? 7 * DAY_MS : DAY_MS;
  return {
    id: `${kind}-${date}`,
    kind,
    date,
    dueAt: new Date(due).toISOString(),
    periodStart: new Date(due - length).toISOString(),
    periodEnd: new Date(due).toISOString(),
  };
}

/** 'weekly-2026-03-02' → its parts; undefined for anything else (the web version's path parameter). */
export function parseEditionId(id: unknown): { kind: Frequency; date: string } | undefined {
  if (typeof id !== 'string') return undefined;
  const match = /^(weekly|daily)-(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!match || Number.isNaN(Date.parse(match[2]))) return undefined;
  return { kind: match[1] as Frequency, date: match[2] };
}

/** '2026년 03월 02일' (docs/spec-content.md §9 date form). */
export function koreanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${year}년 ${month}월 ${day}일`;
}

export function editionTitle(kind: Frequency, date: string): string {
  return `펄스 ${kind === 'weekly' ? '주간' : '데일리'} 뉴스레터 · ${koreanDate(date)}`;
}
