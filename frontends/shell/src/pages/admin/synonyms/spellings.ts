/** What an editor types ('하닉, SK하이닉스') as the list of spellings the API takes: trimmed, no blanks. */
export const parseSpellings = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((spelling) => spelling.trim())
    .filter(Boolean);

export const formatSpellings = (spellings: readonly string[]): string => spellings.join(', ');
