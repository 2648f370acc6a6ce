import { bigrams } from './bigrams';
import { isConsonantJamo, isHangulSyllable, toChoseong } from './hangul';

/**
 * The Hangul and jamo terms of one index, grouped by their 초성 and by the character pairs they hold.
 * 초성 and compound-part matches are found here, per distinct term, and then read from the terms' own
 * postings: '블록체인' written in a document is the same as its 초성 'ㅂㄹㅊㅇ' written there, and
 * '인공지능' inside '생성형인공지능' is a term holding the query as a substring. Indexing 초성 and bigram
 * keys per document instead took two thirds of the postings (bench/content-search.ts, 10,000 articles:
 * 4.1 of 6.0 million); dropping them took the heap from 210 to 145 MB and indexing from 8.6 to 5.5 s CPU.
 */
export class HangulVocabulary {
  // Every term seen since the index was created or cleared, once: a term no document holds any more is
  // skipped when read (`present`), not deleted. Kept in Sets with deletion, the vocabulary took a sixth of
  // all indexing time (bench/content-search.ts, 10,000 articles, profiled).
  private readonly byChoseong = new Map<string, string[]>();
  private readonly byPair = new Map<string, string[]>();

  /** `present`: whether a document holds the term now (the postings know). */
  constructor(private readonly present: (term: string) => boolean) {}

  /** A term's first appearance (call once per term until `clear`). */
  add(term: string): void {
    const choseong = choseongKey(term);
    if (choseong === undefined) return;
    addTo(this.byChoseong, choseong, term);
    for (const pair of pairsOf(term)) addTo(this.byPair, pair, term);
  }

  clear(): void {
    this.byChoseong.clear();
    this.byPair.clear();
  }

  /** The terms whose 초성 is exactly `choseong` (and a jamo word written as such). */
  withChoseong(choseong: string): readonly string[] {
    return (this.byChoseong.get(choseong) ?? []).filter(this.present);
  }

  /** Longer 초성 keys starting with `prefix`, at most `limit` of them. */
  choseongCompletions(prefix: string, limit: number): string[] {
    const out: string[] = [];
    for (const key of this.byChoseong.keys()) {
      if (key.length > prefix.length && key.startsWith(prefix)) out.push(key);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Hangul terms holding `text` (two syllables or more), itself included when it is a term. */
  containing(text: string): string[] {
    const pairs = bigrams(text);
    if (pairs.length === 0) return [];
    // The rarest pair's terms, checked for the whole text: one set read, not an intersection of all.
    let rarest: string[] | undefined;
    for (const pair of new Set(pairs)) {
      const terms = this.byPair.get(pair);
      if (!terms) return [];
      if (!rarest || terms.length < rarest.length) rarest = terms;
    }
    const out: string[] = [];
    for (const term of rarest!) if (term.includes(text) && this.present(term)) out.push(term);
    return out;
  }
}

/** A Hangul term's 초성, a jamo word itself, undefined for other scripts (Latin, digits). */
function choseongKey(term: string): string | undefined {
  if (isHangulSyllable(term[0])) return toChoseong(term);
  if (isConsonantJamo(term[0])) return term;
  return undefined;
}

/** A term's distinct character pairs (Hangul terms only: a jamo word has none worth finding). */
function pairsOf(term: string): Set<string> {
  return isHangulSyllable(term[0]) ? new Set(bigrams(term)) : new Set();
}

function addTo(map: Map<string, string[]>, key: string, term: string): void {
  const terms = map.get(key);
  if (terms) terms.push(term);
  else map.set(key, [term]);
}
