import { getChoseong } from 'es-hangul';
import badWordsConfig from 'badwords-ko/src/badwords.ko.config.json';

/**
 * The Korean profanity check. The word list is `badwords-ko` (a maintained npm list, used as a list
 * only); what this file adds is normalisation, so the usual evasions still match:
 * - NFKC (full-width and compatibility forms), zero-width and invisible characters removed;
 * - spaces, punctuation, symbols and digits between letters removed ('시 1 발', '시.발');
 * - Latin look-alikes typed on a Korean keyboard are not guessed, but a word written half in Latin
 *   ('mi쳤') is in the list itself;
 * - stray vowels dropped and repeated consonants collapsed ('씨ㅣㅣ발', 'ㅅㅅㅂㅂ');
 * - 초성-only writing ('ㅅㅂ') matched against the 초성 of every listed word (only for words of 2+ syllables,
 *   so a single consonant never matches).
 * The allow list removes innocent words that contain a listed one before matching ('시발점', '18세기').
 */

const LIST: readonly string[] = (badWordsConfig as { badWords: string[] }).badWords;

/** Innocent words containing a listed sequence; removed from the text before matching. */
export const PROFANITY_ALLOW_LIST = [
  '시발점',
  '시발역',
  '시발택시',
  '탄핵소추',
  '소추안',
  '수박씨발라',
  '시바이누',
  '병신년',
] as const;

/** Everyday 초성 abbreviations (감사, 수고, 축하, 인정…) that share 초성 with a listed word. */
export const INNOCENT_CHOSEONG = [
  'ㄱㅅ',
  'ㅅㄱ',
  'ㅊㅋ',
  'ㅈㅅ',
  'ㅇㅈ',
  'ㄹㅇ',
  'ㅇㅋ',
  'ㄱㄷ',
  'ㅎㅇ',
  'ㅂㅂ',
  'ㅁㄹ',
  'ㄴㄴ',
  'ㅇㅇ',
] as const;
const INNOCENT_RUNS = new Set<string>(INNOCENT_CHOSEONG);

const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
/** Everything that is not a letter: spacing, punctuation, symbols, digits. */
const NOT_LETTER = /[^\p{L}]/gu;

const CHOSEONG_JAMO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/**
 * NFKC turns compatibility jamo ('ㅅ', U+3145, what keyboards type) into conjoining jamo (U+1109); turn
 * them back, so 'ㅅㅂ' stays comparable with es-hangul's 초성 and jamo.
 */
const compatibilityJamo = (text: string): string =>
  text.replace(/[\u1100-\u1112\u1161-\u1175]/g, (jamo) => {
    const code = jamo.charCodeAt(0);
    return code <= 0x1112 ? CHOSEONG_JAMO[code - 0x1100] : String.fromCharCode(0x314f + code - 0x1161);
  });

const compact = (text: string): string =>
  compatibilityJamo(text.normalize('NFKC')).replace(INVISIBLE, '').toLowerCase().replace(NOT_LETTER, '');

/**
 * Stretching removed: stray vowels ('씨ㅣㅣ발') dropped, a consonant repeated in a row ('ㅅㅅㅂㅂ') kept once.
 * Listed words are compared syllable by syllable, never across syllable boundaries in jamo, which would
 * find '조ㅈ' in '미세조정'.
 */
const unstretched = (text: string): string => text.replace(/[ㅏ-ㅣ]+/g, '').replace(/([ㄱ-ㅎ])\1+/g, '$1');

interface Pattern {
  /** The listed word compacted (its own spaces and digits removed). */
  plain: string;
  choseong: string | null;
}

const PATTERNS: Pattern[] = [
  ...new Set(LIST.map((word) => compact(word)).filter((word) => word.length >= 2)),
].map((plain) => {
  const choseong = getChoseong(plain);
  const hangulOnly = /^[가-힣]+$/.test(plain);
  return { plain, choseong: hangulOnly && choseong.length >= 2 ? choseong : null };
});

/** The listed words found in `text` after normalisation; empty when it is clean. */
export function findProfanity(text: string): string[] {
  let normalised = compact(text);
  for (const allowed of PROFANITY_ALLOW_LIST) normalised = normalised.split(compact(allowed)).join('');
  if (!normalised) return [];
  const stripped = unstretched(normalised);
  // Consonant-only runs of the text ('ㅅㅂ'), compared with each word's 초성.
  const consonantRuns = (normalised.match(/[ㄱ-ㅎ]{2,}/g) ?? [])
    .map((run) => run.replace(/(.)\1+/g, '$1'))
    .filter((run) => !INNOCENT_RUNS.has(run));
  const found = new Set<string>();
  for (const pattern of PATTERNS) {
    if (normalised.includes(pattern.plain) || stripped.includes(pattern.plain)) found.add(pattern.plain);
    else if (pattern.choseong && consonantRuns.some((run) => run.includes(pattern.choseong!)))
      found.add(pattern.plain);
  }
  return [...found];
}

export const isProfane = (text: string): boolean => findProfanity(text).length > 0;
