import { MAX_SEARCHABLE_FIELDS } from '../search.validation';
import type { PostingUnion } from './posting-union';

/**
 * The inverted lists of one index: for each term, the documents holding it (by number, ascending) and how
 * often it occurs in each searchable field. Per-field counts (not one total) are what let a title match
 * outweigh a body match. A posting's counts are read packed into one number (7 bits per field; a count
 * stops at 127, far past where BM25 saturates).
 *
 * Two tiers (ARCHITECTURE.md, embedded search). Most postings sit in one sealed block shared by every term:
 * a term's documents are a slice of one Int32Array and their counts a slice of one Uint8Array (a byte per
 * field), 4 + fields bytes a posting with no object per term. Postings added since the last seal are in
 * small per-term lists (PostingList) until there are enough of them to merge into a new block, which
 * happens between documents and costs a copy of the block; with the block growing by a quarter each time,
 * indexing copies each posting a few times in all. A removed or replaced document is marked stale, its
 * postings in the block skipped when read and dropped at the next merge.
 *
 * One array per term, as before, cost about 65 bytes a posting at 10,000 articles (bench/content-search.ts):
 * each array's header and growth slack weigh more than the postings of the many terms found in a handful
 * of documents.
 */

// 7 fields × 7 bits stays within a double's 53-bit integer range.
const MAX_COUNT = 127;
const FIELD_BASE = Array.from({ length: MAX_SEARCHABLE_FIELDS }, (_, field) => 128 ** field);

/** A field's count out of a packed posting. */
export function countIn(packed: number, field: number): number {
  return Math.floor(packed / FIELD_BASE[field]) % 128;
}

/** Two packed postings' counts summed field by field, each stopping at 127. */
function combinePacked(a: number, b: number): number {
  let out = 0;
  for (let f = 0; f < MAX_SEARCHABLE_FIELDS; f += 1)
    out += Math.min(MAX_COUNT, countIn(a, f) + countIn(b, f)) * FIELD_BASE[f];
  return out;
}

/** Counts of one more occurrence in `field` added to a packed posting (none once it holds 127). */
export function withOneMore(packed: number, field: number): number {
  return countIn(packed, field) < MAX_COUNT ? packed + FIELD_BASE[field] : packed;
}

/** What scoring reads of a term's documents, whichever tier they come from. */
export interface PostingReader {
  readonly size: number;
  docAt(i: number): number;
  /** The per-field counts, packed (countIn reads one). */
  countsAt(i: number): number;
  /** One field's count: what scoring reads, without packing a sealed posting's counts first. */
  countAt(i: number, field: number): number;
  /** The first slot at or after `from` whose document number is ≥ docNo. */
  seek(docNo: number, from: number): number;
  /** Adds every posting to a union being built (posting-union.ts), straight from the arrays. */
  addTo(union: PostingUnion): void;
}

/** A term's documents in the sealed block, or a union built for one query in the same layout. */
export class PostingSlice implements PostingReader {
  readonly size: number;

  /** Read directly by scoring's innermost loop (query-matcher.ts). */
  constructor(
    readonly docs: Int32Array,
    readonly counts: Uint8Array,
    private readonly fieldCount: number,
    readonly start: number,
    end: number,
  ) {
    this.size = end - start;
  }

  docAt(i: number): number {
    return this.docs[this.start + i];
  }

  countAt(i: number, field: number): number {
    return this.counts[(this.start + i) * this.fieldCount + field];
  }

  countsAt(i: number): number {
    const at = (this.start + i) * this.fieldCount;
    let packed = 0;
    for (let f = 0; f < this.fieldCount; f += 1) packed += this.counts[at + f] * FIELD_BASE[f];
    return packed;
  }

  seek(docNo: number, from: number): number {
    return gallop(this.docs, this.start, this.start + this.size, docNo, this.start + from) - this.start;
  }

  addTo(union: PostingUnion): void {
    union.addSlice(this.docs, this.counts, this.start, this.start + this.size);
  }
}

/** A sealed slice followed by recent postings of higher document numbers (new documents): no copy. */
class ChainedList implements PostingReader {
  readonly size: number;

  constructor(
    private readonly first: PostingReader,
    private readonly then: PostingReader,
  ) {
    this.size = first.size + then.size;
  }

  docAt(i: number): number {
    return i < this.first.size ? this.first.docAt(i) : this.then.docAt(i - this.first.size);
  }

  countsAt(i: number): number {
    return i < this.first.size ? this.first.countsAt(i) : this.then.countsAt(i - this.first.size);
  }

  countAt(i: number, field: number): number {
    return i < this.first.size ? this.first.countAt(i, field) : this.then.countAt(i - this.first.size, field);
  }

  seek(docNo: number, from: number): number {
    const split = this.first.size;
    if (from < split) {
      const at = this.first.seek(docNo, from);
      if (at < split) return at;
    }
    return split + this.then.seek(docNo, Math.max(0, from - split));
  }

  addTo(union: PostingUnion): void {
    this.first.addTo(union);
    this.then.addTo(union);
  }
}

/**
 * The first position in docs[start, end) at or after `from` whose value is ≥ docNo. Galloping (1, 2, 4…
 * slots, then a binary search) makes walking a long list in step with a short one cost little more than
 * the short one.
 */
function gallop(docs: ArrayLike<number>, start: number, end: number, docNo: number, from: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < end && docs[high] < docNo) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, end);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (docs[mid] < docNo) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A term's postings since the last seal, or a union built for one query: parallel plain arrays. */
export class PostingList implements PostingReader {
  size = 0;
  private docs: number[] = [];
  private counts: number[] = [];

  /** A list over arrays already sorted by document number (a union built for one query). */
  static of(docs: number[], counts: number[]): PostingList {
    const list = new PostingList();
    list.docs = docs;
    list.counts = counts;
    list.size = docs.length;
    return list;
  }

  docAt(i: number): number {
    return this.docs[i];
  }

  countsAt(i: number): number {
    return this.counts[i];
  }

  countAt(i: number, field: number): number {
    return countIn(this.counts[i], field);
  }

  /** The packed counts of a document, or undefined if the key does not occur in it. */
  find(docNo: number): number | undefined {
    const i = this.indexOf(docNo);
    return i >= 0 ? this.counts[i] : undefined;
  }

  seek(docNo: number, from: number): number {
    return gallop(this.docs, 0, this.size, docNo, from);
  }

  addTo(union: PostingUnion): void {
    union.addPacked(this.docs, this.counts, this.size);
  }

  /** Counts one occurrence; true when the document was not in the list before. */
  add(docNo: number, field: number): boolean {
    return this.put(docNo, FIELD_BASE[field]);
  }

  /**
   * A document's postings at once, its counts packed (the indexer counts a document's terms first, so
   * each term costs one lookup a document, not one an occurrence); true when the document is new here.
   */
  put(docNo: number, packed: number): boolean {
    const last = this.size - 1;
    if (last < 0 || this.docs[last] < docNo) {
      if (this.size === 0) {
        // Array literals of one element: a first push would reserve about 17 slots, and most recent lists
        // (new words, rare words) never get a second document before the next merge.
        this.docs = [docNo];
        this.counts = [packed];
      } else {
        this.docs.push(docNo);
        this.counts.push(packed);
      }
      this.size += 1;
      return true;
    }
    const at = this.indexOf(docNo);
    if (at >= 0) {
      this.counts[at] = combinePacked(this.counts[at], packed);
      return false;
    }
    this.docs.splice(-at - 1, 0, docNo);
    this.counts.splice(-at - 1, 0, packed);
    this.size += 1;
    return true;
  }

  /** True when the document was in the list. */
  delete(docNo: number): boolean {
    const i = this.indexOf(docNo);
    if (i < 0) return false;
    this.docs.splice(i, 1);
    this.counts.splice(i, 1);
    this.size -= 1;
    return true;
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

/**
 * Merge once the recent postings reach a quarter of the block, and not for fewer than this many: a recent
 * posting costs several times a sealed one (bench/content-search.ts), and merging copies the block.
 */
const SEAL_MIN = 100_000;
/** Merge once this many documents (or 1 % of them) are stale. */
const STALE_MAX = 100;

export class Postings {
  private readonly ids = new Map<string, number>();
  /** Per term id: in how many documents the term occurs now (0: it has left the index). */
  private docFrequency: number[] = [];
  // The sealed block: term id's documents are docs[offsets[id], offsets[id + 1]) (ids sealed so far).
  private offsets = new Int32Array(1);
  private docs = new Int32Array(0);
  private counts = new Uint8Array(0);
  /** Per document number, 1 when its postings in the block no longer count. */
  private stale = new Uint8Array(0);
  private staleCount = 0;
  // Postings added since the seal, by term id.
  private recent: Array<PostingList | undefined> = [];
  private recentPostings = 0;

  /**
   * `onKeyChange` is told when a key appears in or disappears from the index (the vocabularies follow it),
   * and whether it is the key's first appearance since the postings were created or cleared.
   */
  /** `recentMax`: merge after this many recent postings instead of the default (0: after every document). */
  constructor(
    private readonly fieldCount: number,
    private readonly onKeyChange?: (key: string, present: boolean, first: boolean) => void,
    private readonly recentMax?: number,
  ) {}

  add(key: string, docNo: number, field: number): void {
    this.put(key, docNo, FIELD_BASE[field]);
  }

  /** A document's counts of a term, packed (withOneMore): all its occurrences in one call. */
  put(key: string, docNo: number, packed: number): void {
    let id = this.ids.get(key);
    const first = id === undefined;
    if (id === undefined) {
      id = this.docFrequency.length;
      this.ids.set(key, id);
      this.docFrequency.push(0);
    }
    let list = this.recent[id];
    if (!list) this.recent[id] = list = new PostingList();
    if (!list.put(docNo, packed)) return;
    this.recentPostings += 1;
    if (this.docFrequency[id]++ === 0) this.onKeyChange?.(key, true, first);
  }

  removeDoc(keys: Iterable<string>, docNo: number): void {
    const inBlock = docNo >= this.stale.length || this.stale[docNo] === 0;
    for (const key of keys) {
      const id = this.ids.get(key);
      if (id === undefined || this.docFrequency[id] === 0) continue;
      let removed = this.recent[id]?.delete(docNo) ?? false;
      if (removed) this.recentPostings -= 1;
      if (!removed && inBlock && id + 1 < this.offsets.length) {
        const [start, end] = [this.offsets[id], this.offsets[id + 1]];
        const at = gallop(this.docs, start, end, docNo, start);
        removed = at < end && this.docs[at] === docNo;
      }
      if (removed && --this.docFrequency[id] === 0) this.onKeyChange?.(key, false, false);
    }
    if (inBlock && docNo < this.stale.length) {
      this.stale[docNo] = 1;
      this.staleCount += 1;
    }
  }

  /** The term's documents, or undefined when no document holds it. */
  get(key: string): PostingReader | undefined {
    const id = this.ids.get(key);
    if (id === undefined || this.docFrequency[id] === 0) return undefined;
    const recent = this.recent[id];
    const sealed = id + 1 < this.offsets.length;
    if (!sealed) return recent;
    const slice = new PostingSlice(
      this.docs,
      this.counts,
      this.fieldCount,
      this.offsets[id],
      this.offsets[id + 1],
    );
    if (this.staleCount === 0) {
      if (!recent || recent.size === 0) return slice;
      if (slice.size === 0 || slice.docAt(slice.size - 1) < recent.docAt(0))
        return new ChainedList(slice, recent);
    }
    return this.merged(slice, recent);
  }

  has(key: string): boolean {
    const id = this.ids.get(key);
    return id !== undefined && this.docFrequency[id] > 0;
  }

  /**
   * Merges the recent postings into a new block once there are enough of them. Called between documents
   * (never while one is half indexed), so a document's postings are all in one tier or the other.
   */
  sealIfDue(documentCapacity: number): void {
    // Stale documents make every read of the block merge, so a few of them are reason enough.
    const due =
      this.recentPostings >= (this.recentMax ?? Math.max(SEAL_MIN, this.docs.length / 4)) ||
      this.staleCount > Math.max(STALE_MAX, this.stale.length / 100);
    if (due) this.seal(documentCapacity);
  }

  seal(documentCapacity: number): void {
    const terms = this.docFrequency.length;
    let total = 0;
    for (let id = 0; id < terms; id += 1) total += this.docFrequency[id];
    const offsets = new Int32Array(terms + 1);
    const docs = new Int32Array(total);
    const counts = new Uint8Array(total * this.fieldCount);
    let at = 0;
    const fields = this.fieldCount;
    for (let id = 0; id < terms; id += 1) {
      offsets[id] = at;
      if (this.docFrequency[id] === 0) continue;
      const recent = this.recent[id];
      const sealed = id + 1 < this.offsets.length;
      if (this.staleCount === 0 && sealed) {
        // Nothing stale: the old slice is copied as it is, and any recent postings (new documents,
        // numbered above every sealed one) follow it.
        const [start, end] = [this.offsets[id], this.offsets[id + 1]];
        if (end - start > 8) {
          docs.set(this.docs.subarray(start, end), at);
          counts.set(this.counts.subarray(start * fields, end * fields), at * fields);
        } else {
          for (let i = start; i < end; i += 1) docs[at + i - start] = this.docs[i];
          for (let i = start * fields; i < end * fields; i += 1)
            counts[at * fields + i - start * fields] = this.counts[i];
        }
        at += end - start;
        if (recent) at = this.write(recent, docs, counts, at);
        continue;
      }
      const slice = sealed
        ? new PostingSlice(this.docs, this.counts, fields, this.offsets[id], this.offsets[id + 1])
        : undefined;
      at = this.write(
        slice && (recent || this.staleCount > 0) ? this.merged(slice, recent) : (slice ?? recent!),
        docs,
        counts,
        at,
      );
    }
    offsets[terms] = at;
    this.offsets = offsets;
    this.docs = docs;
    this.counts = counts;
    // Every slot present (not `[]`): a term's first recent posting after the seal would otherwise leave
    // holes below it, and an array with holes that far apart is kept as a hash table, slow to read.
    this.recent = new Array<PostingList | undefined>(terms).fill(undefined);
    this.recentPostings = 0;
    this.stale = new Uint8Array(documentCapacity);
    this.staleCount = 0;
  }

  clear(): void {
    if (this.onKeyChange)
      for (const [key, id] of this.ids) if (this.docFrequency[id] > 0) this.onKeyChange(key, false, false);
    this.ids.clear();
    this.docFrequency = [];
    this.offsets = new Int32Array(1);
    this.docs = new Int32Array(0);
    this.counts = new Uint8Array(0);
    this.stale = new Uint8Array(0);
    this.staleCount = 0;
    this.recent = [];
    this.recentPostings = 0;
  }

  /** Writes a list's postings into a new block from position `at`; the position after them. */
  private write(list: PostingReader, docs: Int32Array, counts: Uint8Array, at: number): number {
    for (let i = 0; i < list.size; i += 1, at += 1) {
      docs[at] = list.docAt(i);
      const packed = list.countsAt(i);
      for (let f = 0; f < this.fieldCount; f += 1) counts[at * this.fieldCount + f] = countIn(packed, f);
    }
    return at;
  }

  /** The block's live postings and the recent ones as one list, in document order. */
  private merged(slice: PostingSlice | undefined, recent: PostingList | undefined): PostingList {
    const docs: number[] = [];
    const counts: number[] = [];
    const [a, b] = [slice?.size ?? 0, recent?.size ?? 0];
    let i = 0;
    let j = 0;
    while (i < a || j < b) {
      const left = i < a ? slice!.docAt(i) : Infinity;
      const right = j < b ? recent!.docAt(j) : Infinity;
      if (left < right) {
        if (left >= this.stale.length || this.stale[left] === 0) {
          docs.push(left);
          counts.push(slice!.countsAt(i));
        }
        i += 1;
      } else {
        // A stale document's new postings: the block's copy of the same number is skipped.
        if (left === right) i += 1;
        docs.push(right);
        counts.push(recent!.countsAt(j));
        j += 1;
      }
    }
    return PostingList.of(docs, counts);
  }
}
