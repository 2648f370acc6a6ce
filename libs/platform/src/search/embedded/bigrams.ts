/**
 * Character bigrams of a Hangul word. Korean writes compound nouns without spaces ('생성형인공지능'),
 * so a word-level index alone would never match '인공지능' inside it: the vocabulary groups terms by their
 * bigrams (hangul-vocabulary.ts) to find the terms holding a word.
 */
export function bigrams(word: string): string[] {
  const chars = [...word];
  if (chars.length < 2) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i] + chars[i + 1]);
  return out;
}
