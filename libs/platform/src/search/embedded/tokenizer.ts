import { isConsonantJamo, isHangulSyllable } from './hangul';

/**
 * Splits text into word tokens with their offsets (offsets are needed to highlight the original text).
 * Tokens break at every change of script, so 'OpenAI투자' is 'OpenAI' + '투자' and '2024년' is
 * '2024' + '년'; Latin letters and digits stay together ('GPT4', 'H100', 'web3') because such names
 * are searched whole.
 */

export type Script = 'hangul' | 'jamo' | 'latin' | 'digit' | 'other';

export interface Token {
  /** The text as written. */
  text: string;
  start: number;
  end: number;
  script: Script;
}

type CharClass = 'hangul' | 'jamo' | 'alnum' | 'other' | 'separator';

const LATIN = /\p{Script=Latin}/u;
const DIGIT = /\p{Nd}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;

function classify(char: string): CharClass {
  const code = char.charCodeAt(0);
  // ASCII first, without the Unicode property tests: most characters of a Korean article are syllables,
  // spaces and punctuation, and the tests cost more than everything else in indexing a document.
  if (code < 0x80) {
    if ((code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)) return 'alnum';
    return 'separator';
  }
  if (isHangulSyllable(char)) return 'hangul';
  if (isConsonantJamo(char)) return 'jamo';
  if (LATIN.test(char) || DIGIT.test(char)) return 'alnum';
  if (LETTER_OR_MARK.test(char)) return 'other';
  return 'separator';
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  let current: CharClass = 'separator';
  let offset = 0;
  const flush = (end: number): void => {
    if (start >= 0 && current !== 'separator')
      tokens.push(makeToken(text.slice(start, end), start, end, current));
    start = -1;
  };
  for (const char of text) {
    const cls = classify(char);
    if (cls !== current) {
      flush(offset);
      current = cls;
      if (cls !== 'separator') start = offset;
    }
    offset += char.length;
  }
  flush(offset);
  return tokens;
}

function makeToken(text: string, start: number, end: number, cls: Exclude<CharClass, 'separator'>): Token {
  const script: Script = cls === 'alnum' ? (/^\p{Nd}+$/u.test(text) ? 'digit' : 'latin') : cls;
  return { text, start, end, script };
}

/** The form terms are compared in: compatibility-folded (full-width 'ＡＩ' → 'ai') and lowercased. */
export function normaliseTerm(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
