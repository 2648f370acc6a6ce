import { normaliseTerm, tokenize } from '../embedded/tokenizer';

/**
 * Synonym groups as the embedded engine looks them up: each spelling reduced to the words the analyser
 * sees in a query ('오픈AI' → '오픈 ai', since tokens break at a change of script), mapped to the other
 * spellings of its groups. A spelling may be several words ('생성형 AI', '대규모 언어 모델').
 */
export class SynonymTable {
  private readonly byKey = new Map<string, Set<string>>();
  /** The most words any spelling has: how far a query is scanned for a multi-word spelling. */
  readonly longest: number;

  constructor(groups: readonly (readonly string[])[] = []) {
    let longest = 1;
    for (const group of groups) {
      const spellings = group.map((spelling) => ({ spelling, key: synonymKey(spelling) }));
      for (const { key } of spellings) {
        if (!key) continue;
        longest = Math.max(longest, key.split(' ').length);
        const others = this.byKey.get(key) ?? new Set<string>();
        for (const other of spellings) if (other.key && other.key !== key) others.add(other.spelling);
        this.byKey.set(key, others);
      }
    }
    this.longest = longest;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The other spellings of `words` (query words in analysed form), or none. */
  alternativesOf(words: readonly string[]): string[] {
    return [...(this.byKey.get(words.join(' ')) ?? [])];
  }
}

/** A spelling's words as the analyser normalises query words, joined by single spaces. */
export function synonymKey(spelling: string): string {
  return tokenize(spelling.normalize('NFC'))
    .map((token) =>
      token.script === 'hangul' || token.script === 'jamo' ? token.text : normaliseTerm(token.text),
    )
    .join(' ');
}

/**
 * The groups as Meilisearch's `synonyms` setting: every spelling (lowercased, as Meilisearch compares)
 * maps to the other spellings of every group it is in, so the equivalence works in each direction.
 */
export function toSynonymMap(groups: readonly (readonly string[])[]): Record<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const spellings = [...new Set(group.map((spelling) => spelling.trim().toLowerCase()))];
    for (const spelling of spellings) {
      const others = map.get(spelling) ?? new Set<string>();
      for (const other of spellings) if (other !== spelling) others.add(other);
      map.set(spelling, others);
    }
  }
  return Object.fromEntries([...map].filter(([, others]) => others.size > 0).map(([k, v]) => [k, [...v]]));
}
