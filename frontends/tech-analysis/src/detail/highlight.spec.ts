import { highlight } from './highlight';

const kinds = (code: string, language = 'typescript') =>
  highlight(code, language)
    .filter((t) => t.kind !== 'plain')
    .map((t) => `${t.kind}:${t.text}`);

describe('highlight', () => {
  it('keeps every character, in order', () => {
    const code = 'const x = "a\\"b"; // done\n/* block */ let y = 0x1F + 2.5e3;';
    expect(
      highlight(code, 'ts')
        .map((t) => t.text)
        .join(''),
    ).toBe(code);
  });

  it('marks keywords, strings, numbers and comments', () => {
    expect(kinds('const x = "hi"; // note\nreturn 42;')).toEqual([
      'keyword:const',
      'string:"hi"',
      'comment:// note',
      'keyword:return',
      'number:42',
    ]);
  });

  it("treats '#' as a comment only in languages that use it", () => {
    expect(kinds('x = 1  # count', 'python')).toEqual(['number:1', 'comment:# count']);
    expect(kinds('#include <x>', 'c')).not.toContain('comment:#include <x>');
  });

  it('does not colour digits inside names, and closes an unterminated string at the line end', () => {
    expect(kinds('let v2 = x1;')).toEqual(['keyword:let']);
    expect(kinds("let s = 'open\nlet t")).toEqual(['keyword:let', "string:'open", 'keyword:let']);
  });

  it('escapes nothing itself: markup in code stays text for React to escape', () => {
    expect(highlight('"<script>"', 'js')).toEqual([{ kind: 'string', text: '"<script>"' }]);
  });
});
