import { PostingSlice, type PostingReader } from './postings';

/** A count stops here (postings.ts packs 7 bits a field). */
const MAX_COUNT = 127;

/**
 * The documents of several term lists as one list, each field's count combined across the lists: summed
 * (capped at 127) for different words that all count (terms sharing a 초성), the most for forms of the same
 * word (a word and its stem both hold a substring once). What 초성, compound-part and jamo-typo matches
 * read: '데이터' inside every '데이터센터…' term is one union of dozens of lists.
 *
 * One slot per document number, kept between queries and zeroed again where it was written: a fresh buffer
 * per union cost more in allocation and garbage collection than the union itself at 100,000 documents. The
 * loops read the postings' typed arrays directly (PostingReader.addTo), several times faster than reading
 * posting by posting through the reader.
 */
export class PostingUnion {
  private seen = new Uint8Array(0);
  private slots = new Uint8Array(0);
  private touched = new Int32Array(0);
  private size = 0;
  private fields = 0;
  private max = false;

  /** The union of `lists` (one list is returned as it is); `capacity` bounds the document numbers. */
  of(
    lists: readonly PostingReader[],
    fieldCount: number,
    combine: 'sum' | 'max',
    capacity: number,
  ): PostingReader {
    if (lists.length === 1) return lists[0];
    if (this.seen.length < capacity || this.fields !== fieldCount) {
      const room = Math.max(capacity, this.seen.length);
      this.seen = new Uint8Array(room);
      this.slots = new Uint8Array(room * fieldCount);
      this.touched = new Int32Array(room);
    }
    [this.size, this.fields, this.max] = [0, fieldCount, combine === 'max'];
    for (const list of lists) list.addTo(this);
    return this.collect(capacity);
  }

  /** Postings from a sealed block: docs[start, end), counts a byte per field. */
  addSlice(docs: Int32Array, counts: Uint8Array, start: number, end: number): void {
    const { seen, slots, touched, fields } = this;
    for (let i = start; i < end; i += 1) {
      const no = docs[i];
      if (seen[no] === 0) {
        seen[no] = 1;
        touched[this.size++] = no;
      }
      const [slot, from] = [no * fields, i * fields];
      for (let f = 0; f < fields; f += 1) this.combine(slots, slot + f, counts[from + f]);
    }
  }

  /** Recent postings: counts packed 7 bits a field (postings.ts). */
  addPacked(docs: readonly number[], packed: readonly number[], size: number): void {
    const { seen, slots, touched, fields } = this;
    for (let i = 0; i < size; i += 1) {
      const no = docs[i];
      if (seen[no] === 0) {
        seen[no] = 1;
        touched[this.size++] = no;
      }
      let rest = packed[i];
      for (let f = 0, slot = no * fields; f < fields; f += 1, slot += 1) {
        const count = rest % 128;
        rest = (rest - count) / 128;
        this.combine(slots, slot, count);
      }
    }
  }

  private combine(slots: Uint8Array, slot: number, count: number): void {
    if (this.max) {
      if (count > slots[slot]) slots[slot] = count;
    } else {
      const sum = slots[slot] + count;
      slots[slot] = sum > MAX_COUNT ? MAX_COUNT : sum;
    }
  }

  /** The documents touched, in order, as a list; every slot written is zeroed again. */
  private collect(capacity: number): PostingSlice {
    const { seen, slots, fields, size } = this;
    const docs = new Int32Array(size);
    const counts = new Uint8Array(size * fields);
    if (size * 8 < capacity) {
      // Few documents: their numbers sorted, rather than every slot read.
      docs.set(this.touched.subarray(0, size));
      docs.sort();
    } else {
      for (let no = 0, at = 0; at < size; no += 1) if (seen[no] !== 0) docs[at++] = no;
    }
    for (let i = 0; i < size; i += 1) {
      const no = docs[i];
      seen[no] = 0;
      for (let f = 0; f < fields; f += 1) {
        counts[i * fields + f] = slots[no * fields + f];
        slots[no * fields + f] = 0;
      }
    }
    return new PostingSlice(docs, counts, fields, 0, size);
  }
}
