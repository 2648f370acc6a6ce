import { bigrams } from './bigrams';
import { toChoseong } from './hangul';
import { stripParticles } from './particles';
import { normaliseTerm, tokenize, type Script } from './tokenizer';

/**
 * The Korean analyser (docs/design.md §6): what a field contributes to the index, and what a query asks for.
 * The keys of a text are
 *   terms    — lowercased Latin/digit words, and Hangul words with every stem from particle stripping;
 *   bigrams  — Hangul character pairs, for nouns inside compounds ('인공지능' in '생성형인공지能');
 *   choseong — the 초성 form of each Hangul word and stem ('ㅂㄹㅊㅇ' for '블록체인의').
 * The embedded engine indexes the terms only (indexedTerms) and finds bigram and 초성 matches through its
 * vocabulary (HangulVocabulary); Meilisearch stores the 초성 keys in a field of their own.
 */

export interface AnalysedText {
  /** Keys repeat once per occurrence: the counts are term frequencies. */
  terms: string[];
  bigrams: string[];
  choseong: string[];
  /** Words in the text, the length BM25 normalises by. */
  length: number;
}

export interface QueryTerm {
  script: Script;
  /** Normalised surface form. */
  text: string;
  /** Surface first, then stems (Hangul only); a document matches the word if it holds any of them. */
  forms: string[];
  /** Meilisearch-style prefix search applies to the last word only (search as you type). */
  isLast: boolean;
}

/** Meilisearch also ignores query words after the tenth. */
export const MAX_QUERY_TERMS = 10;

export function analyseText(text: string): AnalysedText {
  const out: AnalysedText = { terms: [], bigrams: [], choseong: [], length: 0 };
  for (const token of tokenize(text.normalize('NFC'))) {
    out.length += 1;
    if (token.script === 'hangul') {
      const forms = hangulForms(token.text);
      out.terms.push(...forms);
      out.bigrams.push(...bigrams(token.text));
      out.choseong.push(...new Set(forms.map(toChoseong)));
    } else if (token.script === 'jamo') {
      out.choseong.push(token.text);
    } else {
      out.terms.push(normaliseTerm(token.text));
    }
  }
  return out;
}

export interface IndexedText {
  /** Terms, once per occurrence, and jamo words as written ('ㅋㅋ', a 초성 key of their own). */
  terms: string[];
  length: number;
}

/** What the embedded engine indexes of a text: analyseText's terms and jamo words, without bigrams or 초성. */
export function indexedTerms(text: string): IndexedText {
  const out: IndexedText = { terms: [], length: 0 };
  for (const token of tokenize(text.normalize('NFC'))) {
    out.length += 1;
    if (token.script === 'hangul') for (const form of hangulForms(token.text)) out.terms.push(form);
    else if (token.script === 'jamo') out.terms.push(token.text);
    else out.terms.push(normaliseTerm(token.text));
  }
  return out;
}

export function analyseQuery(q: string): QueryTerm[] {
  const tokens = tokenize(q.normalize('NFC')).slice(0, MAX_QUERY_TERMS);
  return tokens.map((token, i) => {
    const text =
      token.script === 'hangul' || token.script === 'jamo' ? token.text : normaliseTerm(token.text);
    return {
      script: token.script,
      text,
      forms: token.script === 'hangul' ? hangulForms(text) : [text],
      isLast: i === tokens.length - 1,
    };
  });
}

/** A Hangul word and its stems, without duplicates. */
export function hangulForms(word: string): string[] {
  const stems = stripParticles(word);
  // Stems are ever shorter, so they differ from the word and from each other.
  return stems.length === 0 ? [word] : [word, ...stems];
}
