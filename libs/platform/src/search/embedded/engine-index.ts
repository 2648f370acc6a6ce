import type { IndexSettings, SearchDocument } from '../search.port';
import { SynonymTable } from '../synonyms/synonym-table';
import { indexedTerms, type IndexedText } from './analyser';
import { FieldColumns } from './columns';
import { HangulVocabulary } from './hangul-vocabulary';
import { LatinVocabulary } from './latin-vocabulary';
import { QueryScratch } from './matches';
import { PostingUnion } from './posting-union';
import { Postings, withOneMore } from './postings';

/**
 * The documents and postings of one named index of the embedded engine. Documents are indexed by their
 * terms only; the vocabularies (one entry per distinct term, kept in step with the postings) are how
 * typos, prefixes, 초성 and compound parts find the terms to read.
 */

export interface StoredDoc {
  /** Internal number: postings key on it, and it breaks ties in insertion order as Meilisearch does. */
  no: number;
  /** Replaced in place when only unsearched fields change (counters, dates). */
  doc: SearchDocument;
  /** Words per searchable field. */
  lengths: number[];
}

export class EngineIndex {
  readonly terms: Postings;
  readonly latin = new LatinVocabulary();
  readonly hangul: HangulVocabulary;
  readonly columns: FieldColumns;
  readonly union = new PostingUnion();
  readonly queryScratch = new QueryScratch();
  /** Query-time only, so replaced without touching the postings when an admin adds a group. */
  synonyms: SynonymTable;
  private readonly byId = new Map<string, StoredDoc>();
  // Dense by document number: scoring looks documents up by number in its innermost loop.
  private readonly byNo: Array<StoredDoc | undefined> = [];
  private readonly lengthSums: number[];
  /** Words per searchable field, by field then document number: what BM25 reads for every match. */
  readonly fieldLengths: number[][];
  private nextNo = 0;

  /** `recentPostingsMax`: see Postings (tests merge after every document to read the sealed tier). */
  constructor(
    public settings: IndexSettings,
    recentPostingsMax?: number,
  ) {
    this.synonyms = new SynonymTable(settings.synonyms);
    const track = (key: string, present: boolean, first: boolean): void => {
      if (!LatinVocabulary.accepts(key)) {
        if (first) this.hangul.add(key);
      } else if (present) this.latin.add(key);
      else this.latin.delete(key);
    };
    this.hangul = new HangulVocabulary((term) => this.terms.has(term));
    this.terms = new Postings(settings.searchable.length, track, recentPostingsMax);
    this.lengthSums = new Array<number>(settings.searchable.length).fill(0);
    this.fieldLengths = settings.searchable.map(() => []);
    this.columns = new FieldColumns(settings.filterable, settings.sortable);
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
    const existing = this.byId.get(doc.id);
    // The indexer re-sends articles whose counters changed: their postings stay as they are.
    if (existing && this.settings.searchable.every((f) => fieldText(existing.doc, f) === fieldText(doc, f))) {
      existing.doc = doc;
      this.columns.set(existing.no, doc);
      return;
    }
    // A replaced document keeps its number, and so its place among equals, as in Meilisearch.
    const no = existing?.no ?? this.nextNo++;
    this.remove(doc.id);
    const stored: StoredDoc = { no, doc, lengths: [] };
    // Each term's counts in this document first, then one posting a term: the postings' term table is
    // large (one entry per distinct word in the index), and looking it up once per occurrence took two
    // thirds of indexing time at 100,000 articles (bench/content-search.ts, profiled).
    const counted = new Map<string, number>();
    this.analyse(doc).forEach((analysed, f) => {
      stored.lengths.push(analysed.length);
      this.fieldLengths[f][no] = analysed.length;
      this.lengthSums[f] += analysed.length;
      for (const key of analysed.terms) counted.set(key, withOneMore(counted.get(key) ?? 0, f));
    });
    for (const [key, packed] of counted) this.terms.put(key, no, packed);
    this.byId.set(doc.id, stored);
    this.byNo[stored.no] = stored;
    this.columns.set(no, doc);
    this.terms.sealIfDue(this.nextNo);
  }

  remove(id: string): void {
    const stored = this.byId.get(id);
    if (!stored) return;
    // The keys are found again by re-analysing the document rather than kept per document: analysis is
    // deterministic, removals are rare, and keeping them would cost more memory than the postings.
    const analysed = this.analyse(stored.doc);
    this.terms.removeDoc(new Set(analysed.flatMap((a) => a.terms)), stored.no);
    stored.lengths.forEach((length, f) => (this.lengthSums[f] -= length));
    this.byId.delete(id);
    this.byNo[stored.no] = undefined;
    this.columns.delete(stored.no);
  }

  clear(): void {
    this.terms.clear();
    this.latin.clear();
    this.hangul.clear();
    this.byId.clear();
    this.byNo.length = 0;
    for (const lengths of this.fieldLengths) lengths.length = 0;
    this.columns.clear();
    this.nextNo = 0;
    this.lengthSums.fill(0);
  }

  get(no: number): StoredDoc | undefined {
    return this.byNo[no];
  }

  *all(): IterableIterator<StoredDoc> {
    for (const stored of this.byNo) if (stored) yield stored;
  }

  /** One more than the highest document number given so far. */
  get capacity(): number {
    return this.nextNo;
  }

  averageLength(field: number): number {
    return this.byId.size === 0 ? 0 : this.lengthSums[field] / this.byId.size;
  }

  private analyse(doc: SearchDocument): IndexedText[] {
    return this.settings.searchable.map((field) => indexedTerms(fieldText(doc, field)));
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
