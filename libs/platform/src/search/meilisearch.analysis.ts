import { analyseQuery, hangulForms, type QueryTerm } from './embedded/analyser';
import { fieldText } from './embedded/engine-index';
import type { Needles } from './embedded/highlighter';
import { synonymRuns } from './embedded/synonym-runs';
import { tokenize } from './embedded/tokenizer';
import { CHOSEONG_FIELD, choseongFieldValue, encodeChoseong } from './meilisearch.choseong';
import type { SearchDocument } from './search.port';
import type { SynonymTable } from './synonyms/synonym-table';

/**
 * Korean analysis done by the adapter, so relevance does not depend on the Meilisearch build an operator
 * runs (one built without its Korean dictionary splits Hangul only at spaces and punctuation). Each
 * document carries what the embedded analyser (embedded/analyser.ts) knows of its searchable fields, in
 * hidden attributes that Meilisearch ranks below the original text (meilisearch.settings.ts):
 *
 *   _stems.<field>  the stems of its Hangul words: '블록체인의' → '블록체인', '개발자들에게' → '개발자들 개발자'
 *   _parts.<field>  the parts of its Hangul compounds, every run of two or more syllables inside a word's
 *                   stem: '생성형인공지능' → '생성 … 인공지능 … 지능', so '인공지능' finds it
 *   _choseong       the 초성 keys of its Hangul words and stems (meilisearch.choseong.ts)
 *
 * The query is analysed the same way (analyseQuery): each Hangul word is sent as its stem, 초성 as their
 * keys, so '블록체인에서' asks for '블록체인', which the original text or the stems hold. Highlights are
 * then built on the original text from the query's terms (queryNeedles), since Meilisearch can only mark
 * what matched in the original text.
 */

export const STEMS_FIELD = '_stems';
export const PARTS_FIELD = '_parts';
export const HIDDEN_FIELDS = [STEMS_FIELD, PARTS_FIELD, CHOSEONG_FIELD];

/** Compounds longer than this are not split: a run of Hangul that long is rarely one word. */
const MAX_COMPOUND_SYLLABLES = 12;
const MIN_COMPOUND_SYLLABLES = 3;

/** The hidden attributes, in the order Meilisearch should rank them after the original fields. */
export function analysedAttributes(searchable: readonly string[]): string[] {
  return [
    ...searchable.map((field) => `${STEMS_FIELD}.${field}`),
    ...searchable.map((field) => `${PARTS_FIELD}.${field}`),
    CHOSEONG_FIELD,
  ];
}

/** The hidden attributes of one document (added to it before it is sent). */
export function analysedFields(doc: SearchDocument, searchable: readonly string[]): Record<string, unknown> {
  const stems: Record<string, string> = {};
  const parts: Record<string, string> = {};
  for (const field of searchable) {
    const analysed = analyseField(fieldText(doc, field).normalize('NFC'));
    if (analysed.stems.length > 0) stems[field] = analysed.stems.join(' ');
    if (analysed.parts.length > 0) parts[field] = analysed.parts.join(' ');
  }
  return {
    [STEMS_FIELD]: stems,
    [PARTS_FIELD]: parts,
    [CHOSEONG_FIELD]: choseongFieldValue(doc, searchable),
  };
}

/** A field's stems in text order (so Meilisearch's proximity still means something), and its compound parts. */
export function analyseField(text: string): { stems: string[]; parts: string[] } {
  const stems: string[] = [];
  const parts = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.script !== 'hangul') continue;
    const forms = hangulForms(token.text);
    stems.push(...forms.slice(1));
    for (const part of compoundParts(forms[forms.length - 1])) parts.add(part);
  }
  return { stems, parts: [...parts] };
}

/** Every run of two or more syllables inside a word, the whole word excluded. */
export function compoundParts(word: string): string[] {
  const chars = [...word];
  if (chars.length < MIN_COMPOUND_SYLLABLES || chars.length > MAX_COMPOUND_SYLLABLES) return [];
  const out: string[] = [];
  for (let start = 0; start < chars.length - 1; start += 1) {
    for (let end = start + 2; end <= chars.length; end += 1) {
      if (start === 0 && end === chars.length) continue;
      out.push(chars.slice(start, end).join(''));
    }
  }
  return out;
}

/**
 * The query as Meilisearch is asked it: its words as the analyser splits them ('OpenAI투자' → 'OpenAI 투자'),
 * each Hangul word as its deepest stem of two or more syllables ('블록체인으로' → '블록체인'), 초성 as
 * their keys. A one-syllable stem is sent for a word before the last only: the last word is also matched
 * as a prefix, and '국' (from '국가') would then match every word starting with it. A word that is itself
 * a synonym spelling is sent as typed, so Meilisearch's synonyms see it.
 */
export function analysedQuery(q: string, synonyms: SynonymTable): string {
  return analyseQuery(q)
    .map((term) => queryWord(term, synonyms))
    .join(' ');
}

function queryWord(term: QueryTerm, synonyms: SynonymTable): string {
  if (term.script === 'jamo') return encodeChoseong(term.text);
  if (term.script !== 'hangul' || synonyms.alternativesOf([term.text]).length > 0) return term.text;
  const stems = term.forms.slice(1).reverse();
  const stem = stems.find((form) => [...form].length >= 2) ?? (term.isLast ? undefined : stems[0]);
  return stem ?? term.text;
}

/**
 * What to mark in the original text for a query: every form of its Hangul words (a form of two or more
 * syllables wherever it occurs inside a word, so '인공지능' is marked inside '생성형인공지능'), its 초성,
 * its Latin words, and the words of the other spellings of its synonyms. Meilisearch's own marks (typos,
 * prefixes) are added to these by the adapter.
 */
export function queryNeedles(q: string, synonyms: SynonymTable): Needles {
  const needles: Needles = {
    substrings: new Set(),
    hangulWords: new Set(),
    choseong: new Set(),
    terms: new Set(),
  };
  const terms = analyseQuery(q);
  const alternatives = synonymRuns(terms, synonyms).flatMap((run) => run.alternatives);
  for (const term of [...terms, ...alternatives.flatMap((spelling) => analyseQuery(spelling))]) {
    if (term.script === 'jamo') needles.choseong.add(term.text);
    else if (term.script !== 'hangul') needles.terms.add(term.text);
    else
      for (const form of term.forms)
        ([...form].length >= 2 ? needles.substrings : needles.hangulWords).add(form);
  }
  return needles;
}
