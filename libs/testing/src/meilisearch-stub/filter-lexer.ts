import { ApiError } from './errors';

export interface FilterToken {
  kind: 'word' | 'string' | 'op' | 'punct';
  text: string;
}

/** Splits Meilisearch filter syntax into tokens; an unterminated string or a stray character is an error. */
export function lexFilter(source: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) i += 1;
    else if (char === '"' || char === "'") {
      let text = '';
      i += 1;
      while (i < source.length && source[i] !== char) {
        if (source[i] === '\\') i += 1;
        text += source[i] ?? '';
        i += 1;
      }
      if (i >= source.length)
        throw new ApiError(400, 'invalid_search_filter', `Unterminated string in filter \`${source}\``);
      i += 1;
      tokens.push({ kind: 'string', text });
    } else if ('()[],'.includes(char)) tokens.push({ kind: 'punct', text: source[i++] });
    else {
      const op = source.slice(i).match(/^(!=|>=|<=|=|>|<)/);
      if (op) {
        tokens.push({ kind: 'op', text: op[1] });
        i += op[1].length;
      } else {
        const word = source.slice(i).match(/^[^\s()[\],=<>!"']+/);
        if (!word)
          throw new ApiError(400, 'invalid_search_filter', `Unexpected \`${char}\` in filter \`${source}\``);
        tokens.push({ kind: 'word', text: word[0] });
        i += word[0].length;
      }
    }
  }
  return tokens;
}
