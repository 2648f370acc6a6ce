/**
 * Hangul syllable arithmetic. A precomposed syllable (가–힣) encodes its initial consonant (초성) as
 * (code − 0xAC00) / 588, so 초성 search needs no dictionary: '블록체인' → 'ㅂㄹㅊㅇ'.
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const SYLLABLES_PER_CHOSEONG = 21 * 28; // 중성 × 종성 combinations
// The 19 initial consonants, as the compatibility jamo a keyboard types (U+3131…), not the combining ones.
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

export function isHangulSyllable(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

/** Compatibility consonant jamo, which is what a reader types for a 초성 query. */
export function isConsonantJamo(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 0x3131 && code <= 0x314e;
}

export function choseongOf(syllable: string): string {
  return CHOSEONG[Math.floor((syllable.charCodeAt(0) - SYLLABLE_FIRST) / SYLLABLES_PER_CHOSEONG)];
}

/** The 초성 form of a Hangul word; characters that are not syllables are dropped. */
export function toChoseong(word: string): string {
  let out = '';
  for (const char of word) if (isHangulSyllable(char)) out += choseongOf(char);
  return out;
}
