import type { Span } from '../search.highlight';
import { hangulForms } from './analyser';
import { toChoseong } from './hangul';
import { normaliseTerm, tokenize } from './tokenizer';

/**
 * Where a query matched inside a field's text. Only the matched part of a word is marked: the noun in
 * '블록체인의', the '인공지능' inside '생성형인공지능', the syllables whose 초성 were typed.
 */

export interface Needles {
  /** Hangul strings of two or more syllables, marked wherever they occur inside a Hangul word. */
  substrings: Set<string>;
  /** One-syllable Hangul forms, marked only where a word (or its stem) is exactly that syllable. */
  hangulWords: Set<string>;
  /** 초성 strings, marked on the syllables that carry them. */
  choseong: Set<string>;
  /** Normalised Latin/digit words, marked whole (typo and prefix matches included). */
  terms: Set<string>;
}

export function findSpans(text: string, needles: Needles): Span[] {
  const spans: Span[] = [];
  for (const token of tokenize(text)) {
    if (token.script === 'hangul') {
      for (const needle of needles.substrings) {
        for (let at = token.text.indexOf(needle); at >= 0; at = token.text.indexOf(needle, at + 1)) {
          spans.push({ start: token.start + at, end: token.start + at + needle.length });
        }
      }
      if (needles.hangulWords.size > 0) {
        for (const form of hangulForms(token.text)) {
          if (needles.hangulWords.has(form))
            spans.push({ start: token.start, end: token.start + form.length });
        }
      }
      if (needles.choseong.size > 0) {
        // Every character of a Hangul token is one syllable, so 초성 offsets are text offsets.
        const initials = toChoseong(token.text);
        for (const needle of needles.choseong) {
          const at = initials.indexOf(needle);
          if (at >= 0) spans.push({ start: token.start + at, end: token.start + at + needle.length });
        }
      }
    } else if (needles.terms.has(normaliseTerm(token.text))) {
      spans.push({ start: token.start, end: token.end });
    }
  }
  return spans;
}
