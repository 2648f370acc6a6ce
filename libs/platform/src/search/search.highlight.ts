/**
 * Turns a field's text plus matched character spans into the HTML the port promises: everything escaped
 * except the <mark> tags, optionally cut to N characters around the first match. Both adapters render
 * through here (the Meilisearch adapter converts Meilisearch's markers to spans and adds its own), so
 * highlights and crops look the same whichever engine answered.
 */

export interface Span {
  start: number;
  end: number;
}

export interface RenderOptions {
  /** Maximum visible characters, not counting the ellipses. */
  cropLength?: number;
}

export const ELLIPSIS = '…';
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

export function renderHighlight(text: string, spans: readonly Span[], options: RenderOptions = {}): string {
  const merged = mergeSpans(spans);
  const { start, end } = options.cropLength
    ? cropWindow(text, merged[0], options.cropLength)
    : { start: 0, end: text.length };
  let html = start > 0 ? ELLIPSIS : '';
  let cursor = start;
  for (const span of merged) {
    const from = Math.max(span.start, start);
    const to = Math.min(span.end, end);
    if (from >= to) continue;
    html += escapeHtml(text.slice(cursor, from)) + '<mark>' + escapeHtml(text.slice(from, to)) + '</mark>';
    cursor = to;
  }
  html += escapeHtml(text.slice(cursor, end));
  if (end < text.length) html += ELLIPSIS;
  return html;
}

/**
 * A window of at most `length` characters. It starts a little before the first match (a third of the
 * spare room, since readers read on from the match) and moves its edges to word boundaries when one is
 * near, so a snippet rarely starts or ends mid-word.
 */
export function cropWindow(text: string, first: Span | undefined, length: number): Span {
  if (text.length <= length) return { start: 0, end: text.length };
  const anchor = first ?? { start: 0, end: 0 };
  const room = Math.max(0, length - (anchor.end - anchor.start));
  let start = Math.max(0, anchor.start - Math.floor(room / 3));
  let end = Math.min(text.length, start + length);
  start = Math.max(0, end - length);
  const slack = Math.floor(length / 5);
  if (start > 0) {
    const space = text.slice(start, Math.min(anchor.start, start + slack)).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  if (end < text.length) {
    const tail = text.slice(Math.max(anchor.end, end - slack), end);
    const space = tail.search(/\s\S*$/);
    if (space >= 0) end = end - tail.length + space;
  }
  while (start < end && /\s/.test(text[start])) start += 1;
  while (end > start && /\s/.test(text[end - 1])) end -= 1;
  return { start, end };
}
