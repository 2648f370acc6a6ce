import { randomBytes } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import { isReservedNickname } from './reserved-nicknames';

export const INVISIBLE_IN_NICKNAME =
  '닉네임에는 보이지 않는 문자, 방향 제어 문자, 채움 문자를 쓸 수 없습니다.';
export const MIXED_SCRIPT_NICKNAME =
  '닉네임에 서로 다른 문자 체계(예: 로마자와 키릴 문자)를 섞어 쓸 수 없습니다. 한글, 한자, 영문, 숫자는 함께 쓸 수 있습니다.';
export const RESERVED_NICKNAME = '운영진이나 사이트로 오인될 수 있는 닉네임은 쓸 수 없습니다.';

/**
 * Characters that show nothing, or change how the rest is shown: default-ignorable code points (zero-width
 * space and joiners, bidi controls such as U+202E, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 * variation selectors, the soft hyphen), any other format character, private-use, unassigned and surrogate
 * code points, line and paragraph separators, the braille blank, and any space but the plain one.
 */
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u2800]|(?! )\p{Zs}|\s{2,}/u;
/** More than two combining marks in a row stack over the neighbouring names on screen. */
const STACKED_MARKS = /\p{M}{3,}/u;

/**
 * The scripts told apart. A letter of a script not listed counts as 'other': alone it is one script; beside
 * any listed one it is a mix.
 */
const SCRIPTS = [
  'Latin',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Canadian_Aboriginal',
  'Runic',
  'Ogham',
  'Tifinagh',
  'Yi',
  'Lisu',
  'Vai',
  'Glagolitic',
  'Gothic',
  'Deseret',
  'Osage',
  'Adlam',
  'Nko',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => ({ script, test: new RegExp(`\\p{scx=${script}}`, 'u') }));
const SHARED = /[\p{scx=Common}\p{scx=Inherited}]/u;

/**
 * UTS #39 'Highly Restrictive' (section 5.2): one script, or Latin with one of the CJK combinations that
 * people write together: Han + Hangul (Korean), Han + Hiragana + Katakana (Japanese), Han + Bopomofo.
 * Each character's Script_Extensions is widened to those combinations (Han is Korean, Japanese and
 * Bopomofo; Hangul is Korean…), as the standard's augmented script sets do.
 */
const AUGMENTED: Record<string, readonly string[]> = {
  Han: ['Han', 'Kore', 'Jpan', 'Hanb'],
  Hangul: ['Hangul', 'Kore'],
  Hiragana: ['Hiragana', 'Jpan'],
  Katakana: ['Katakana', 'Jpan'],
  Bopomofo: ['Bopomofo', 'Hanb'],
};

const scriptSetOf = (char: string): Set<string> | null => {
  if (SHARED.test(char)) return null;
  const scripts = SCRIPT_TESTS.filter(({ test }) => test.test(char)).flatMap(
    ({ script }) => AUGMENTED[script] ?? [script],
  );
  return new Set(scripts.length ? scripts : ['other']);
};

/** The scripts every character of `chars` could belong to (UTS #39 'resolved script set'); null: no constraint. */
const resolved = (sets: Set<string>[]): Set<string> | null =>
  sets.reduce<Set<string> | null>(
    (common, set) => (common === null ? new Set(set) : new Set([...common].filter((s) => set.has(s)))),
    null,
  );

export function isMixedScript(name: string): boolean {
  const sets = [...name.normalize('NFKC')].map(scriptSetOf).filter((set): set is Set<string> => set !== null);
  const whole = resolved(sets);
  if (whole === null || whole.size > 0) return false;
  const withoutLatin = resolved(sets.filter((set) => !set.has('Latin')));
  if (withoutLatin === null) return false;
  return !['Kore', 'Jpan', 'Hanb'].some((combination) => withoutLatin.has(combination));
}

/** Why a nickname cannot be taken, or null. */
export function nicknameProblem(name: string): string | null {
  if (INVISIBLE.test(name) || STACKED_MARKS.test(name)) return INVISIBLE_IN_NICKNAME;
  if (isMixedScript(name)) return MIXED_SCRIPT_NICKNAME;
  if (isReservedNickname(name)) return RESERVED_NICKNAME;
  return null;
}

/** A 400 naming the field when the nickname could pass for another name or for the site's staff. */
export function refuseUnsafeNickname(name: string): void {
  const problem = nicknameProblem(name);
  if (problem) throw new BadRequestException(`username: ${problem}`);
}

/**
 * A taken name (or a look-alike of one) gets a short discriminator, '#NNNN', as it always has: the reader
 * sees the two apart, and the later one never shows up as the earlier.
 */
export const withDiscriminator = (name: string): string =>
  `${name}#${1000 + (randomBytes(2).readUInt16BE(0) % 9000)}`;
