// Times of posts, beside format.ts's dates: their own module, so that only the chunks of pages that show
// them carry them (format.ts is in every page's).
import { seoulParts } from './format';

/** 'yyyy년 MM월 dd일 HH:mm' in Asia/Seoul (24-hour clock); '' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const parts = value == null ? null : seoulParts(value);
  return parts ? `${parts.year}년 ${parts.month}월 ${parts.day}일 ${parts.hours}:${parts.minutes}` : '';
}

/**
 * When something was posted (a question, an answer, a comment), as the community shows it: '방금 전' under a
 * minute (and for a time slightly ahead of this machine's clock), 'n분 전' under an hour, then the date and
 * time. Without `now` (a server render, whose page may be kept and shown later), the date and time.
 */
export function formatPostedTime(
  value: string | number | Date | null | undefined,
  now: number | null = null,
): string {
  const time = value == null ? NaN : new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const minutes = now === null ? Infinity : Math.floor((now - time) / 60_000);
  return minutes < 1 ? '방금 전' : minutes < 60 ? `${minutes}분 전` : formatDateTime(time);
}
