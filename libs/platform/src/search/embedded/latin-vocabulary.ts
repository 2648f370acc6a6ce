import { allowedTypos, boundedEditDistance } from './edit-distance';

/**
 * The Latin-script terms of one index, bucketed by length. Typo and prefix expansion compare a query
 * word only with terms whose length could possibly match, instead of scanning every key.
 */
export class LatinVocabulary {
  private readonly byLength = new Map<number, Set<string>>();

  static accepts(term: string): boolean {
    return /\p{Script=Latin}/u.test(term);
  }

  add(term: string): void {
    let bucket = this.byLength.get(term.length);
    if (!bucket) this.byLength.set(term.length, (bucket = new Set()));
    bucket.add(term);
  }

  delete(term: string): void {
    this.byLength.get(term.length)?.delete(term);
  }

  clear(): void {
    this.byLength.clear();
  }

  /** Terms within the allowed number of typos of `word`, with their distance; `word` itself excluded. */
  typoNeighbours(word: string): Array<{ term: string; distance: number }> {
    const max = allowedTypos(word.length);
    const out: Array<{ term: string; distance: number }> = [];
    if (max === 0) return out;
    for (let length = word.length - max; length <= word.length + max; length += 1) {
      for (const term of this.byLength.get(length) ?? []) {
        if (term === word) continue;
        const distance = boundedEditDistance(word, term, max);
        if (distance <= max) out.push({ term, distance });
      }
    }
    return out;
  }

  /** Longer terms that start with `prefix`, at most `limit` of them (shortest first: closest completions). */
  completions(prefix: string, limit: number): string[] {
    const out: string[] = [];
    const lengths = [...this.byLength.keys()]
      .filter((length) => length > prefix.length)
      .sort((a, b) => a - b);
    for (const length of lengths) {
      for (const term of this.byLength.get(length) ?? []) {
        if (term.startsWith(prefix)) out.push(term);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
}
