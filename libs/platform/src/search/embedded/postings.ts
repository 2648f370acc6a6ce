/**
 * One inverted list per key: for each document number, how often the key occurs in each searchable
 * field. Per-field counts (not one total) are what let a title match outweigh a body match.
 */

export type FieldFrequencies = number[];

export class Postings {
  private readonly lists = new Map<string, Map<number, FieldFrequencies>>();

  constructor(
    private readonly fieldCount: number,
    /** Told when a key appears in or disappears from the index (the typo vocabulary follows this). */
    private readonly onKeyChange?: (key: string, present: boolean) => void,
  ) {}

  add(key: string, docNo: number, field: number): void {
    let list = this.lists.get(key);
    if (!list) {
      list = new Map();
      this.lists.set(key, list);
      this.onKeyChange?.(key, true);
    }
    let frequencies = list.get(docNo);
    if (!frequencies) {
      frequencies = new Array<number>(this.fieldCount).fill(0);
      list.set(docNo, frequencies);
    }
    frequencies[field] += 1;
  }

  removeDoc(keys: Iterable<string>, docNo: number): void {
    for (const key of keys) {
      const list = this.lists.get(key);
      if (!list) continue;
      list.delete(docNo);
      if (list.size === 0) {
        this.lists.delete(key);
        this.onKeyChange?.(key, false);
      }
    }
  }

  get(key: string): ReadonlyMap<number, FieldFrequencies> | undefined {
    return this.lists.get(key);
  }

  has(key: string): boolean {
    return this.lists.has(key);
  }

  keys(): IterableIterator<string> {
    return this.lists.keys();
  }

  clear(): void {
    for (const key of this.lists.keys()) this.onKeyChange?.(key, false);
    this.lists.clear();
  }
}
