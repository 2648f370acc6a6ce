import { bigrams } from './bigrams';
import { boundedEditDistance } from './edit-distance';
import { isConsonantJamo, isHangulSyllable, toChoseong } from './hangul';
import { CHOSEONG_LETTERS, JAMO_TYPO_MIN_SYLLABLES, toJamo } from './jamo';

/** Words whose jamo neighbours are remembered between queries, until a new term arrives. */
const TYPO_CACHE_MAX = 2_000;

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
  /** The 초성 keys of two letters or more by their first two: where completions of a prefix are looked for. */
  private readonly choseongKeysByStart = new Map<string, string[]>();
  private readonly typoCache = new Map<string, string[]>();

  /** `present`: whether a document holds the term now (the postings know). */
  constructor(private readonly present: (term: string) => boolean) {}

  /** A term's first appearance (call once per term until `clear`). */
  add(term: string): void {
    const choseong = choseongKey(term);
    if (choseong === undefined) return;
    // A new term may be a neighbour of a word asked before.
    if (this.typoCache.size > 0) this.typoCache.clear();
    if (!this.byChoseong.has(choseong) && choseong.length >= 2)
      addTo(this.choseongKeysByStart, choseong.slice(0, 2), choseong);
    addTo(this.byChoseong, choseong, term);
    for (const pair of pairsOf(term)) addTo(this.byPair, pair, term);
  }

  clear(): void {
    this.byChoseong.clear();
    this.byPair.clear();
    this.choseongKeysByStart.clear();
    this.typoCache.clear();
  }

  /** The terms whose 초성 is exactly `choseong` (and a jamo word written as such). */
  withChoseong(choseong: string): readonly string[] {
    return (this.byChoseong.get(choseong) ?? []).filter(this.present);
  }

  /**
   * Longer 초성 keys starting with `prefix` (two letters or more), at most `limit` of them. Only the keys
   * sharing its first two letters are read: scanning every key took 7 ms a query at 100,000 articles.
   */
  choseongCompletions(prefix: string, limit: number): string[] {
    const out: string[] = [];
    for (const key of this.choseongKeysByStart.get(prefix.slice(0, 2)) ?? []) {
      if (key.length > prefix.length && key.startsWith(prefix)) out.push(key);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * Hangul terms one jamo away from `word` (jamo.ts), both of three syllables or more. They are looked for
   * among the 초성 groups only: a slip in a vowel or a 받침 keeps the word's 초성, one in an initial
   * consonant changes one letter of it, and one that makes or unmakes a syllable adds or drops a letter. So
   * a word of n syllables reads at most 19 · (2n + 1) + n groups, never the whole vocabulary, and the
   * answer is kept for the next query of the same word.
   */
  jamoNeighbours(word: string): string[] {
    if ([...word].length < JAMO_TYPO_MIN_SYLLABLES || ![...word].every(isHangulSyllable)) return [];
    let found = this.typoCache.get(word);
    if (!found) {
      found = [];
      const typed = toJamo(word);
      // A Set: a letter added beside the same letter gives one key twice.
      for (const key of new Set(choseongNeighbours(toChoseong(word)))) {
        for (const term of this.byChoseong.get(key) ?? []) {
          if (term !== word && isHangulSyllable(term[0]) && boundedEditDistance(typed, toJamo(term), 1) === 1)
            found.push(term);
        }
      }
      if (this.typoCache.size >= TYPO_CACHE_MAX) this.typoCache.clear();
      this.typoCache.set(word, found);
    }
    return found.filter(this.present);
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

/**
 * The 초성 keys a one-jamo typo can turn `key` into and back: itself, one letter changed, one added, one
 * dropped (not below three letters, the fewest syllables forgiven).
 */
function* choseongNeighbours(key: string): Generator<string> {
  yield key;
  for (let i = 0; i <= key.length; i += 1) {
    const [before, at, after] = [key.slice(0, i), key[i], key.slice(i + 1)];
    for (const letter of CHOSEONG_LETTERS) {
      if (i < key.length && letter !== at) yield before + letter + after;
      yield before + letter + key.slice(i);
    }
    if (i < key.length && key.length > JAMO_TYPO_MIN_SYLLABLES) yield before + after;
  }
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
