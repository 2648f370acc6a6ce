import { htmlToText } from '@pulse/platform';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For text nodes and quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

export { SEO_DESCRIPTION_LENGTH, truncateText } from '@pulse/contracts';

/** htmlToText escapes what it returns; this gives the plain characters, to be escaped once on output. */
export function plainTextFromHtml(html: string): string {
  return htmlToText(html)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** An absolute http(s) URL for `url` on `siteUrl`, or undefined for anything else (javascript:, data:). */
export function absoluteUrl(url: string | null | undefined, siteUrl: string): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, `${siteUrl}/`);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

const SEOUL_DATE = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** docs/spec-content.md §9: dates read yyyy년 MM월 dd일 (Korean time). Undefined for an unreadable date. */
export function koreanDate(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = Object.fromEntries(SEOUL_DATE.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}년 ${parts.month}월 ${parts.day}일`;
}
