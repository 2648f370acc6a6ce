import type { IndexSettings, SearchDocument } from '../search.port';
import { SynonymTable } from '../synonyms/synonym-table';
import { analyseText, type AnalysedText } from './analyser';
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
}

export class EngineIndex {
  readonly postings: Record<PostingKind, Postings>;
  readonly latin = new LatinVocabulary();
  /** Query-time only, so replaced without touching the postings when an admin adds a group. */
  synonyms: SynonymTable;
  private readonly byId = new Map<string, StoredDoc>();
  // Dense by document number: scoring looks documents up by number in its innermost loop.
  private readonly byNo: Array<StoredDoc | undefined> = [];
  private readonly lengthSums: number[];
  private nextNo = 0;

  constructor(public settings: IndexSettings) {
    this.synonyms = new SynonymTable(settings.synonyms);
    const trackLatin = (key: string, present: boolean): void => {
      if (!LatinVocabulary.accepts(key)) return;
      if (present) this.latin.add(key);
      else this.latin.delete(key);
    };
    this.postings = { terms: new Postings(trackLatin), bigrams: new Postings(), choseong: new Postings() };
    this.lengthSums = new Array<number>(settings.searchable.length).fill(0);
  }

  /** New settings that differ from these in their synonyms only: nothing indexed changes. */
  replaceSynonyms(settings: IndexSettings): void {
    this.settings = settings;
    this.synonyms = new SynonymTable(settings.synonyms);
  }

  get size(): number {
    return this.byId.size;
  }

  upsert(doc: SearchDocument): void {
    // A replaced document keeps its number, and so its place among equals, as in Meilisearch.
    const no = this.byId.get(doc.id)?.no ?? this.nextNo++;
    this.remove(doc.id);
    const stored: StoredDoc = { no, doc, lengths: [] };
    this.analyse(doc).forEach((analysed, f) => {
      stored.lengths.push(analysed.length);
      this.lengthSums[f] += analysed.length;
      for (const kind of KINDS) for (const key of analysed[kind]) this.postings[kind].add(key, stored.no, f);
    });
    this.byId.set(doc.id, stored);
    this.byNo[stored.no] = stored;
  }

  remove(id: string): void {
    const stored = this.byId.get(id);
    if (!stored) return;
    // The keys are found again by re-analysing the document rather than kept per document: analysis is
    // deterministic, removals are rare, and keeping them would cost more memory than the postings.
    const analysed = this.analyse(stored.doc);
    for (const kind of KINDS)
      this.postings[kind].removeDoc(new Set(analysed.flatMap((a) => a[kind])), stored.no);
    stored.lengths.forEach((length, f) => (this.lengthSums[f] -= length));
    this.byId.delete(id);
    this.byNo[stored.no] = undefined;
  }

  clear(): void {
    for (const kind of KINDS) this.postings[kind].clear();
    this.latin.clear();
    this.byId.clear();
    this.byNo.length = 0;
    this.nextNo = 0;
    this.lengthSums.fill(0);
  }

  get(no: number): StoredDoc | undefined {
    return this.byNo[no];
  }

  *all(): IterableIterator<StoredDoc> {
    for (const stored of this.byNo) if (stored) yield stored;
  }

  averageLength(field: number): number {
    return this.byId.size === 0 ? 0 : this.lengthSums[field] / this.byId.size;
  }

  private analyse(doc: SearchDocument): AnalysedText[] {
    return this.settings.searchable.map((field) => analyseText(fieldText(doc, field)));
  }
}

/** Reads a possibly dotted path ('source.name'). */
export function fieldValue(doc: SearchDocument, path: string): unknown {
  if (!path.includes('.')) return doc[path];
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
