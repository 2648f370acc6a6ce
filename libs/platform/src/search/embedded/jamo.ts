import { boundedEditDistance } from './edit-distance';
import { isHangulSyllable } from './hangul';

/**
 * Hangul syllables as the keystrokes that typed them, for typo tolerance at the jamo level: a slipped key
 * changes one jamo, not a whole syllable ('블록채인' is one keystroke from '블록체인'). Compound vowels and
 * final clusters are the two keys a 2-beolsik keyboard types for them (ㅘ = ㅗ + ㅏ, ㄳ = ㄱ + ㅅ), so
 * '교과서' typed '교고서' is one jamo dropped; a doubled consonant (ㄲ, ㅆ) is one key with Shift.
 */

const SYLLABLE_FIRST = 0xac00;
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
// Compound vowels and final clusters as their two keys.
const MEDIALS = 'ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅗㅏ ㅗㅐ ㅗㅣ ㅛ ㅜ ㅜㅓ ㅜㅔ ㅜㅣ ㅠ ㅡ ㅡㅣ ㅣ'.split(' ');
// The first is empty: no 받침.
const FINALS =
  ' ㄱ ㄲ ㄱㅅ ㄴ ㄴㅈ ㄴㅎ ㄷ ㄹ ㄹㄱ ㄹㅁ ㄹㅂ ㄹㅅ ㄹㅌ ㄹㅍ ㄹㅎ ㅁ ㅂ ㅂㅅ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ'.split(
    ' ',
  );

/** The 19 initial consonants, which a 초성 key is spelled in. */
export const CHOSEONG_LETTERS = INITIALS;

/** The keystrokes of a word's syllables; other characters are kept as they are. */
export function toJamo(word: string): string {
  let out = '';
  for (const char of word) {
    if (!isHangulSyllable(char)) {
      out += char;
      continue;
    }
    const offset = char.charCodeAt(0) - SYLLABLE_FIRST;
    out += INITIALS[Math.floor(offset / 588)] + MEDIALS[Math.floor(offset / 28) % 21] + FINALS[offset % 28];
  }
  return out;
}

/** The typos forgiven in a Hangul word: one jamo from three syllables on, none below. */
export const JAMO_TYPO_MIN_SYLLABLES = 3;

/** Whether two Hangul words are one jamo apart (substituted, added or dropped); false when equal. */
export function oneJamoApart(a: string, b: string): boolean {
  return a !== b && boundedEditDistance(toJamo(a), toJamo(b), 1) === 1;
}
