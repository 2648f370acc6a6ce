import { getChoseong } from 'es-hangul';
import badWordsConfig from 'badwords-ko/src/badwords.ko.config.json';
import { ORDINARY_HERE, PROFANITY_ALLOW_LIST } from './profanity-words';

/**
 * The Korean profanity check. The word list is `badwords-ko` (a maintained npm list, used as a list only,
 * less the entries profanity-words.ts declares ordinary here); what this file adds is normalisation, so the
 * usual evasions still match, and word boundaries, so ordinary sentences do not:
 * - NFKC (full-width and compatibility forms), zero-width and invisible characters removed, lower case;
 * - inside a word, punctuation, symbols and digits between letters removed ('시1발', '씨@발', '시.발!');
 * - stray vowels dropped and repeated consonants collapsed ('씨ㅣㅣ발', 'ㅅㅅㅂㅂ');
 * - 초성-only writing ('ㅅㅂ') matched against the 초성 of every listed word of 2+ syllables;
 * - spaced-out writing ('시 1 발', '개 새 끼'): a run of one-letter words is read as one word.
 * What it no longer does is glue ordinary words together: '시발점은 2017년' once became '…은년…' and
 * '서울시 발표' '…시발…'. A number starts a new word ('2017년', '5개년', '18세기').
 *
 * Two classes (docs/abuse/profanity.md):
 * - refuse: a listed word inside one word, or inside a run of one-letter words; a listed phrase word by word;
 * - mask (borderline): a listed word found only by joining a one-letter word with its neighbour, the rest
 *   of the neighbour being at most a particle ('개새 끼' → '** *'). The post is kept with that word
 *   masked, since the same join happens by chance in ordinary text.
 */

const LIST: readonly string[] = (badWordsConfig as { badWords: string[] }).badWords;

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
/** A consonant run made only of everyday abbreviations, repeated or chained ('ㅊㅋㅊㅋ', 'ㄱㅅㄱㅅ'). */
const INNOCENT_RUN = new RegExp(`^(?:${INNOCENT_CHOSEONG.join('|')})+$`);

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

const prepare = (text: string): string =>
  compatibilityJamo(text.normalize('NFKC')).replace(INVISIBLE, '').toLowerCase();
const compact = (text: string): string => prepare(text).replace(NOT_LETTER, '');

/**
 * Stretching removed: stray vowels ('씨ㅣㅣ발') dropped, a consonant or a drawn-out '이' repeated in a row
 * ('ㅅㅅㅂㅂ', '씨이이발') kept once.
 * Listed words are compared syllable by syllable, never across syllable boundaries in jamo, which would
 * find '조ㅈ' in '미세조정'.
 */
const unstretched = (text: string): string =>
  text
    .replace(/[ㅏ-ㅣ]+/g, '')
    .replace(/([ㄱ-ㅎ])\1+/g, '$1')
    .replace(/([이으])\1+/g, '$1');

interface Pattern {
  /** The listed word compacted (its own spaces and digits removed). */
  plain: string;
  choseong: string | null;
}

const ORDINARY = new Set(ORDINARY_HERE.map(compact));

const PATTERNS: Pattern[] = [
  ...new Set(LIST.map((word) => compact(word)).filter((word) => word.length >= 2 && !ORDINARY.has(word))),
].map((plain) => {
  const choseong = getChoseong(plain);
  const hangulOnly = /^[가-힣]+$/.test(plain);
  return { plain, choseong: hangulOnly && choseong.length >= 2 ? choseong : null };
});

/**
 * What may follow a listed word in a borderline join: nothing, or a particle or an insult's usual tail.
 * '또 라이브' holds '또라이' + '브' and is left alone.
 */
const BORDERLINE_TAILS = new Set([
  '',
  '아',
  '야',
  '이',
  '들',
  '놈',
  '년',
  '냐',
  '네',
  '임',
  '은',
  '는',
  '을',
  '를',
  '가',
  '도',
  '요',
]);
/** Listed words that start with an ordinary word are never looked for across words ('미친 새 기능'). */
const joinable = (pattern: Pattern): boolean => !pattern.plain.startsWith('미친');

/** Phrases that contain a listed word and are ordinary; each is cut out of the text before matching. */
const ALLOWED = PROFANITY_ALLOW_LIST.map((phrase) => {
  const letters = [...compact(phrase)].map(escape).join('[^\\p{L}]*');
  return new RegExp(phrase.startsWith('#') ? `\\d[^\\p{L}]*${letters}` : letters, 'gu');
});

function escape(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The listed words in one word's letters. */
function wordsIn(letters: string, patterns: readonly Pattern[] = PATTERNS): string[] {
  if (letters.length < 2) return [];
  const stripped = unstretched(letters);
  // Consonant-only runs ('ㅅㅂ'), compared with each word's 초성.
  const consonantRuns = (letters.match(/[ㄱ-ㅎ]{2,}/g) ?? [])
    .map((run) => run.replace(/(.)\1+/g, '$1'))
    .filter((run) => run.length >= 2 && !INNOCENT_RUN.test(run));
  const found: string[] = [];
  for (const pattern of patterns) {
    if (letters.includes(pattern.plain) || stripped.includes(pattern.plain)) found.push(pattern.plain);
    else if (pattern.choseong && consonantRuns.some((run) => run.includes(pattern.choseong!)))
      found.push(pattern.plain);
  }
  return found;
}

interface Word {
  letters: string;
  /** Starts with a number ('2017년', '5개년'): a count or a year, never part of a spaced-out word. */
  numbered: boolean;
}

const wordsOf = (segment: string): Word[] =>
  segment
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => ({ letters: token.replace(NOT_LETTER, ''), numbered: /^[^\p{L}\d]*\d/u.test(token) }));

const oneLetter = (word: Word): boolean => word.letters.length === 1 && !word.numbered;

/** Runs of one-letter words, digits and punctuation between them allowed ('시 1 발', '개 새 끼'). */
function spacedOut(words: readonly Word[]): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length >= 2) runs.push(run.join(''));
    run = [];
  };
  for (const word of words) {
    if (oneLetter(word)) run.push(word.letters);
    else if (word.letters.length > 0) close();
  }
  close();
  return runs;
}

const JOINABLE = PATTERNS.filter(joinable);

/**
 * Listed entries written as two or more words ('그지 같', '죽여 버리고', '싸가지 없'): looked for word by
 * word, so the phrase is refused as the list means it. The first word may end a longer one ('그지' in '이그지')
 * unless it is a single letter ('로 꺼져' never matches '자동으로 꺼져요'); the last may begin one ('같은').
 */
const PHRASES: string[][] = [
  ...new Set(
    LIST.filter((entry) => /\S\s+\S/.test(entry)).map((entry) =>
      entry.split(/\s+/).map(compact).filter(Boolean).join(' '),
    ),
  ),
]
  .map((phrase) => phrase.split(' '))
  .filter(
    (parts) => parts.length >= 2 && !ORDINARY.has(parts.join('')) && !parts.join('').startsWith('미친'),
  );

function phrasesIn(words: readonly Word[]): string[] {
  const found: string[] = [];
  for (const parts of PHRASES)
    for (let start = 0; start + parts.length <= words.length; start += 1) {
      const matches = parts.every((part, offset) => {
        const letters = words[start + offset].letters;
        if (offset === 0) return part.length === 1 ? letters === part : letters.endsWith(part);
        if (offset === parts.length - 1) return letters.startsWith(part);
        return letters === part;
      });
      if (matches) found.push(parts.join(' '));
    }
  return found;
}

/** Listed words found only by joining a one-letter word with its neighbour (the borderline class). */
function joinedWords(words: readonly Word[]): string[] {
  const found: string[] = [];
  for (let index = 0; index + 1 < words.length; index += 1) {
    const [left, right] = [words[index], words[index + 1]];
    if (left.numbered || right.numbered || oneLetter(left) === oneLetter(right)) continue;
    const joined = left.letters + right.letters;
    for (const pattern of JOINABLE) {
      if (oneLetter(left)) {
        if (joined.startsWith(pattern.plain) && BORDERLINE_TAILS.has(joined.slice(pattern.plain.length)))
          found.push(pattern.plain);
      } else if (joined === pattern.plain) found.push(pattern.plain);
    }
  }
  return found;
}

export type ProfanityVerdict =
  | { kind: 'clean' }
  /** A listed word, plainly or through an evasion: the write is refused. */
  | { kind: 'refuse'; words: string[] }
  /** Only borderline words: the write is kept with them masked. */
  | { kind: 'mask'; words: string[]; masked: string };

export function judgeProfanity(text: string): ProfanityVerdict {
  let prepared = prepare(text);
  // Allowed phrases become a line break: a word boundary no spaced-out run crosses.
  for (const allowed of ALLOWED) prepared = prepared.replace(allowed, '\n');
  const segments = prepared.split('\n').map(wordsOf);
  const clear = new Set<string>();
  for (const words of segments) {
    for (const word of words) for (const found of wordsIn(word.letters)) clear.add(found);
    for (const run of spacedOut(words)) for (const found of wordsIn(run)) clear.add(found);
    for (const found of phrasesIn(words)) clear.add(found);
  }
  if (clear.size) return { kind: 'refuse', words: [...clear] };
  const borderline = [...new Set(segments.flatMap(joinedWords))];
  if (!borderline.length) return { kind: 'clean' };
  return { kind: 'mask', words: borderline, masked: masked(text, borderline) };
}

/** Each borderline word's letters shown as '*', wherever the text spells it with separators between. */
function masked(text: string, words: readonly string[]): string {
  let result = text;
  for (const word of words) {
    const spelled = new RegExp([...word].map(escape).join('[^\\p{L}]*'), 'giu');
    const hide = (match: string) => match.replace(/\p{L}/gu, '*');
    // Written in full-width or with invisible characters, the word is found only in the normalised text.
    result = spelled.test(result) ? result.replace(spelled, hide) : prepare(result).replace(spelled, hide);
  }
  return result;
}

/** The listed words that make `text` refused; empty when it is clean or only borderline. */
export function findProfanity(text: string): string[] {
  const verdict = judgeProfanity(text);
  return verdict.kind === 'refuse' ? verdict.words : [];
}

export const isProfane = (text: string): boolean => findProfanity(text).length > 0;
