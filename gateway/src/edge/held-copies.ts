/**
 * Answers a gateway replica replays for a moment (the micro-cache's decoded answers, the page documents),
 * by key. Expired copies are dropped as new ones come in, oldest first: every copy lives about the same
 * moment, so insertion order is close to expiry order, and each insertion frees what lapsed before it (a
 * copy that lapses early behind a live one waits for that one, a moment at most). Without
 * this a copy stayed until the map was full, so a replica held every URL read in the last thousands,
 * long lapsed (the embedded soak's resident memory climbed for minutes: README 'Mixed reading').
 */
export class HeldCopies<Copy extends { expiresAt: number }> {
  private readonly copies = new Map<string, Copy>();

  constructor(private readonly maxCopies: number) {}

  /** The copy of `key` while it lasts. */
  get(key: string, at: number): Copy | undefined {
    const copy = this.copies.get(key);
    return copy && copy.expiresAt > at ? copy : undefined;
  }

  set(key: string, copy: Copy, at: number): void {
    for (const [heldKey, held] of this.copies) {
      if (held.expiresAt > at) break;
      this.copies.delete(heldKey);
    }
    // Still full of live copies (a crawl over many URLs): start afresh rather than grow without bound.
    if (this.copies.size >= this.maxCopies) this.copies.clear();
    // Re-inserted at the end, where its expiry belongs.
    this.copies.delete(key);
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
