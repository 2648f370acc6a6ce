/**
 * _formatted: highlight (pre/post tags around substring matches) and crop (by words, as Meilisearch does).
 * Every number and boolean in it is a string, as in Meilisearch's.
 */
export function format(
  doc: Record<string, unknown>,
  words: string[],
  params: Record<string, unknown>,
): Record<string, unknown> {
  const out = asStrings(doc) as Record<string, unknown>;
  const pick = (list: unknown) =>
    ((list as string[] | undefined) ?? []).flatMap((f) => (f === '*' ? Object.keys(doc) : [f]));
  const toCrop = pick(params.attributesToCrop);
  const toHighlight = pick(params.attributesToHighlight);
  const pre = (params.highlightPreTag as string | undefined) ?? '<em>';
  const post = (params.highlightPostTag as string | undefined) ?? '</em>';
  const each = (value: unknown, fn: (text: string) => string): unknown =>
    typeof value === 'string' ? fn(value) : Array.isArray(value) ? value.map((v) => each(v, fn)) : value;
  for (const field of toCrop) {
    out[field] = each(out[field], (text) =>
      cropWords(
        text,
        words,
        (params.cropLength as number | undefined) ?? 10,
        (params.cropMarker as string | undefined) ?? '…',
      ),
    );
  }
  for (const field of toHighlight) {
    out[field] = each(out[field], (text) => {
      if (words.length === 0) return text;
      const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
      return text.replace(pattern, (match) => pre + match + post);
    });
  }
  return out;
}

function cropWords(text: string, words: string[], length: number, marker: string): string {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length <= length) return text;
  const first = Math.max(
    0,
    parts.findIndex((part) => words.some((w) => part.toLowerCase().includes(w))),
  );
  const start = Math.max(0, Math.min(first - Math.floor((length - 1) / 2), parts.length - length));
  const end = start + length;
  return (start > 0 ? marker : '') + parts.slice(start, end).join(' ') + (end < parts.length ? marker : '');
}

function asStrings(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asStrings(inner)]));
  return value;
}
