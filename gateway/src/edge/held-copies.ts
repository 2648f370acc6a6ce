/**
 * Answers a gateway replica replays for a moment (the micro-cache's decoded answers, the page documents),
 * by key, least recently read first. Expired copies are dropped from the front as new ones come in: every
 * copy lives about the same moment, so a copy nobody read lately is close to its end, and each insertion
 * frees what lapsed before it (a copy that lapses early behind a live one waits for that one, a moment at
 * most). Without this a copy stayed until the map was full, so a replica held every URL read in the last
 * thousands, long lapsed (the embedded soak's resident memory climbed for minutes: docs/benchmarks.md 'Mixed reading').
 * Full of live copies, it drops the least recently read one: a crawl or a flood of distinct URLs (searches
 * for random words) then pushes out copies of its own, while the home page, read every moment, stays.
 * It used to start afresh instead, so such a flood dropped every popular copy each time it filled the map.
 */
export class HeldCopies<Copy extends { expiresAt: number }> {
  private readonly copies = new Map<string, Copy>();

  constructor(private readonly maxCopies: number) {}

  /** The copy of `key` while it lasts, now the most recently read. */
  get(key: string, at: number): Copy | undefined {
    const copy = this.copies.get(key);
    if (!copy || copy.expiresAt <= at) return undefined;
    this.copies.delete(key);
    this.copies.set(key, copy);
    return copy;
  }

  set(key: string, copy: Copy, at: number): void {
    for (const [heldKey, held] of this.copies) {
      if (held.expiresAt > at) break;
      this.copies.delete(heldKey);
    }
    // Re-inserted at the end, where its expiry belongs.
    this.copies.delete(key);
    // Still full of live copies (a crawl over many URLs): the least recently read go, not the whole map.
    for (const heldKey of this.copies.keys()) {
      if (this.copies.size < this.maxCopies) break;
      this.copies.delete(heldKey);
    }
    this.copies.set(key, copy);
  }

  delete(key: string): void {
    this.copies.delete(key);
  }

  /** Drops every copy `matches` names; returns their keys. */
  deleteWhere(matches: (copy: Copy) => boolean): string[] {
    const keys: string[] = [];
    for (const [key, copy] of this.copies) {
      if (matches(copy)) {
        this.copies.delete(key);
        keys.push(key);
      }
    }
    return keys;
  }

  get size(): number {
    return this.copies.size;
  }
}
