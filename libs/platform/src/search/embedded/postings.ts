import { MAX_SEARCHABLE_FIELDS } from '../search.validation';

/**
 * One inverted list per key: for each document number, how often the key occurs in each searchable
 * field. Per-field counts (not one total) are what let a title match outweigh a body match.
 *
 * A list is two parallel arrays sorted by document number, and a posting's per-field counts are packed
 * into one number (7 bits per field; a count stops at 127, far past where BM25 saturates). At 5,000
 * articles this holds about two million postings in tens of megabytes, where a Map per key took several
 * times that, and scoring walks memory in order.
 *
 * Plain arrays (small integers and doubles, which V8 stores unboxed), not typed arrays: most keys of a
 * large corpus occur in a handful of documents, and a typed array per key costs an allocation with a
 * separate backing store each time it grows. Indexing 2,000 articles took about 30 % less CPU this way
 * (bench/content-search.ts corpus, best of six runs) for the same memory.
 */

// 7 fields × 7 bits stays within a double's 53-bit integer range.
const MAX_COUNT = 127;
const FIELD_BASE = Array.from({ length: MAX_SEARCHABLE_FIELDS }, (_, field) => 128 ** field);

/** A field's count out of a packed posting. */
export function countIn(packed: number, field: number): number {
  return Math.floor(packed / FIELD_BASE[field]) % 128;
}

export class PostingList {
  size = 0;
  private docs: number[] = [];
  private counts: number[] = [];

  docAt(i: number): number {
    return this.docs[i];
  }

  countsAt(i: number): number {
    return this.counts[i];
  }

  /** The packed counts of a document, or undefined if the key does not occur in it. */
  find(docNo: number): number | undefined {
    const i = this.indexOf(docNo);
    return i >= 0 ? this.counts[i] : undefined;
  }

  /**
   * The first slot at or after `from` whose document number is ≥ docNo. Galloping (1, 2, 4… slots, then
   * a binary search) makes walking a long list in step with a short one cost little more than the short one.
   */
  seek(docNo: number, from: number): number {
    let step = 1;
    let low = from;
    let high = from;
    while (high < this.size && this.docs[high] < docNo) {
      low = high + 1;
      high += step;
      step *= 2;
    }
    high = Math.min(high, this.size);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.docs[mid] < docNo) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  add(docNo: number, field: number): void {
    const last = this.size - 1;
    let i: number;
    // Documents are indexed one at a time with rising numbers: appending, or adding to the last slot,
    // is the common case; only a replaced document (which keeps its number) lands in the middle.
    if (last < 0 || this.docs[last] < docNo) i = -this.size - 1;
    else if (this.docs[last] === docNo) i = last;
    else i = this.indexOf(docNo);
    if (i < 0) {
      i = -i - 1;
      if (i === this.size) {
        this.docs.push(docNo);
        this.counts.push(0);
      } else {
        this.docs.splice(i, 0, docNo);
        this.counts.splice(i, 0, 0);
      }
      this.size += 1;
    }
    if (countIn(this.counts[i], field) < MAX_COUNT) this.counts[i] += FIELD_BASE[field];
  }

  delete(docNo: number): void {
    const i = this.indexOf(docNo);
    if (i < 0) return;
    this.docs.splice(i, 1);
    this.counts.splice(i, 1);
    this.size -= 1;
  }

  /** Binary search: the slot of docNo, or −(insertion point) − 1. */
  private indexOf(docNo: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const value = this.docs[mid];
      if (value === docNo) return mid;
      if (value < docNo) low = mid + 1;
      else high = mid - 1;
    }
    return -low - 1;
  }
}

export class Postings {
  private readonly lists = new Map<string, PostingList>();

  /** `onKeyChange` is told when a key appears in or disappears from the index (the typo vocabulary follows it). */
  constructor(private readonly onKeyChange?: (key: string, present: boolean) => void) {}

  add(key: string, docNo: number, field: number): void {
    let list = this.lists.get(key);
    if (!list) {
      list = new PostingList();
      this.lists.set(key, list);
      this.onKeyChange?.(key, true);
    }
    list.add(docNo, field);
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

  get(key: string): PostingList | undefined {
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
