/** A document the query matched, and the first searchable attribute it matched in (lower ranks first). */
export interface Match {
  doc: Record<string, unknown>;
  rank: number;
}

/**
 * The simple matcher, and all the stub knows of relevance: every query word must occur as a substring of
 * some searchable attribute, dropping trailing words while nothing matches (the shape of matchingStrategy
 * 'last'). A word also matches where one of its `synonyms` (the index setting, keyed by lowercased word)
 * occurs, as Meilisearch's synonyms do; multi-word keys are not looked up. Returns the matches, the words
 * that made them, and all the words of the query (at most ten).
 */
export function matchQuery(
  docs: Array<Record<string, unknown>>,
  q: string,
  searchableAttributes: string[],
  synonyms: Record<string, string[]> = {},
): { found: Match[]; words: string[]; allWords: string[] } {
  const searchable = (doc: Record<string, unknown>) =>
    (searchableAttributes.includes('*') ? Object.keys(doc) : searchableAttributes).map((field) =>
      textOf(valueAt(doc, field)).toLowerCase(),
    );
  const allWords = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  let words = allWords;
  const occurs = (word: string, text: string) =>
    text.includes(word) || (synonyms[word] ?? []).some((other) => text.includes(other.toLowerCase()));
  let found = docs.map((doc) => ({ doc, rank: 0 }));
  for (let kept = allWords.length; kept >= 1; kept -= 1) {
    words = allWords.slice(0, kept);
    found = docs.flatMap((doc) => {
      const fields = searchable(doc);
      if (!words.every((word) => fields.some((text) => occurs(word, text)))) return [];
      return [{ doc, rank: fields.findIndex((text) => words.some((word) => occurs(word, text))) }];
    });
    if (found.length > 0) break;
  }
  return { found, words, allWords };
}

/** A field by its dotted path ('_stems.title' is the title key of the object _stems), as Meilisearch reads it. */
function valueAt(doc: Record<string, unknown>, path: string): unknown {
  if (path in doc) return doc[path];
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  return '';
}

/** Order by each sort key in turn, as Meilisearch does: a document missing the field comes last. */
export function compareForSort(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  sort: Array<{ field: string; order: string }>,
): number {
  for (const { field, order } of sort) {
    const x = a[field] as number | string | undefined;
    const y = b[field] as number | string | undefined;
    if (x === y) continue;
    if (x === undefined || y === undefined) return x === undefined ? 1 : -1;
    return (x < y ? -1 : 1) * (order === 'asc' ? 1 : -1);
  }
  return 0;
}
