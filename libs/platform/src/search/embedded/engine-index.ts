import type { IndexSettings, SearchDocument } from '../search.port';
import { analyseText } from './analyser';
import { LatinVocabulary } from './latin-vocabulary';
import { Postings } from './postings';

/** The documents and postings of one named index of the embedded engine. */

export type PostingKind = 'terms' | 'bigrams' | 'choseong';
const KINDS: readonly PostingKind[] = ['terms', 'bigrams', 'choseong'];

export interface StoredDoc {
  /** Internal number: postings key on it, and it breaks ties in insertion order as Meilisearch does. */
  no: number;
  doc: SearchDocument;
  /** Words per searchable field. */
  lengths: number[];
  keys: Record<PostingKind, Set<string>>;
}

export class EngineIndex {
  readonly postings: Record<PostingKind, Postings>;
  readonly latin = new LatinVocabulary();
  private readonly byId = new Map<string, StoredDoc>();
  private readonly byNo = new Map<number, StoredDoc>();
  private readonly lengthSums: number[];
  private nextNo = 0;

  constructor(readonly settings: IndexSettings) {
    const fields = settings.searchable.length;
    const trackLatin = (key: string, present: boolean): void => {
      if (!LatinVocabulary.accepts(key)) return;
      if (present) this.latin.add(key);
      else this.latin.delete(key);
    };
    this.postings = {
      terms: new Postings(fields, trackLatin),
      bigrams: new Postings(fields),
      choseong: new Postings(fields),
    };
    this.lengthSums = new Array<number>(fields).fill(0);
  }

  get size(): number {
    return this.byId.size;
  }

  upsert(doc: SearchDocument): void {
    this.remove(doc.id);
    const stored: StoredDoc = {
      no: this.nextNo++,
      doc,
      lengths: [],
      keys: { terms: new Set(), bigrams: new Set(), choseong: new Set() },
    };
    this.settings.searchable.forEach((field, f) => {
      const analysed = analyseText(fieldText(doc, field));
      stored.lengths.push(analysed.length);
      this.lengthSums[f] += analysed.length;
      for (const kind of KINDS) {
        for (const key of analysed[kind]) {
          this.postings[kind].add(key, stored.no, f);
          stored.keys[kind].add(key);
        }
      }
    });
    this.byId.set(doc.id, stored);
    this.byNo.set(stored.no, stored);
  }

  remove(id: string): void {
    const stored = this.byId.get(id);
    if (!stored) return;
    for (const kind of KINDS) this.postings[kind].removeDoc(stored.keys[kind], stored.no);
    stored.lengths.forEach((length, f) => (this.lengthSums[f] -= length));
    this.byId.delete(id);
    this.byNo.delete(stored.no);
  }

  clear(): void {
    for (const kind of KINDS) this.postings[kind].clear();
    this.latin.clear();
    this.byId.clear();
    this.byNo.clear();
    this.lengthSums.fill(0);
  }

  get(no: number): StoredDoc | undefined {
    return this.byNo.get(no);
  }

  all(): IterableIterator<StoredDoc> {
    return this.byNo.values();
  }

  averageLength(field: number): number {
    return this.byId.size === 0 ? 0 : this.lengthSums[field] / this.byId.size;
  }
}

/** Reads a possibly dotted path ('source.name'). */
export function fieldValue(doc: SearchDocument, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The searchable text of a field: strings as they are, arrays of strings (tags) one per line. */
export function fieldText(doc: SearchDocument, path: string): string {
  const value = fieldValue(doc, path);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.filter((item) => typeof item === 'string' || typeof item === 'number').join('\n');
  return '';
}
