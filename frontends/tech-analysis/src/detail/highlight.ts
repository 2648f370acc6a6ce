/**
 * A small syntax highlighter for the code tab: comments, strings, numbers and keywords of the languages
 * analyses use, as tokens the page renders as spans (text only, never HTML, so code cannot inject markup).
 * Deliberately tiny instead of a 100 KB highlighting library: it colours, it does not parse.
 */
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue def default defer del do elif else enum ' +
    'export extends false final finally fn for from func function go if impl import in interface is let loop ' +
    'match mod module mut new nil none null package pass private protected pub public raise return self ' +
    'static struct super switch this throw trait true try type typeof use val var void while with yield ' +
    'contract pragma mapping address uint256 require emit event modifier payable view'
  ).split(' '),
);

/** Languages whose line comments start with '#'. */
const HASH_COMMENTS = new Set([
  'python',
  'py',
  'bash',
  'sh',
  'shell',
  'yaml',
  'yml',
  'ruby',
  'rb',
  'toml',
  'dockerfile',
  'r',
]);

const NUMBER = /^(?:0x[\da-f]+|\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?)/i;
const WORD = /^[A-Za-z_$][\w$]*/;

export function highlight(code: string, language: string): Token[] {
  const hash = HASH_COMMENTS.has(language.toLowerCase());
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind && kind === 'plain') last.text += text;
    else tokens.push({ kind, text });
  };
  let i = 0;
  while (i < code.length) {
    const rest = code.slice(i);
    const ch = code[i];
    let match: string | undefined;
    if (rest.startsWith('//') || (hash && ch === '#')) {
      const end = code.indexOf('\n', i);
      match = code.slice(i, end === -1 ? code.length : end);
      push('comment', match);
    } else if (rest.startsWith('/*')) {
      const end = code.indexOf('*/', i + 2);
      match = code.slice(i, end === -1 ? code.length : end + 2);
      push('comment', match);
    } else if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < code.length && code[j] !== ch && !(ch !== '`' && code[j] === '\n'))
        j += code[j] === '\\' ? 2 : 1;
      // Closed by its quote, or (unterminated) by the end of the line or of the code.
      match = code.slice(i, code[j] === ch ? j + 1 : Math.min(j, code.length));
      push('string', match);
    } else if (/\d/.test(ch) && !/[\w$]/.test(code[i - 1] ?? '')) {
      match = NUMBER.exec(rest)?.[0];
      if (match) push('number', match);
    } else if (/[A-Za-z_$]/.test(ch)) {
      match = WORD.exec(rest)?.[0];
      if (match) push(KEYWORDS.has(match) ? 'keyword' : 'plain', match);
    }
    if (!match) {
      match = ch;
      push('plain', ch);
    }
    i += match.length;
  }
  return tokens;
}
