import { otherKeyboardLayout } from './keyboard-layout';

describe('a query typed in the other 한/영 keyboard mode', () => {
  it.each([
    ['qmffhrcpdls', '블록체인'],
    ['QMFFHRCPDLS', '블록체인'],
    ['vmfhavmxm dlswprtus', '프롬프트 인젝션'],
    ['ㅅ늧', 'tsmc'],
    ['헷-5', 'gpt-5'],
    ['ㅇㄷ덴ㄷ다', 'deepseek'],
  ])('reads %s as %s', (typed, meant) => expect(otherKeyboardLayout(typed)).toBe(meant));

  it.each([
    ['tesla', 'Latin that gives stray jamo'],
    ['블록체인 ai', 'mixed scripts'],
    ['ㅂㄹㅊㅇ', 'consonants only: a 초성 query, not English'],
    ['', 'nothing'],
  ])('leaves %s alone (%s)', (typed) => expect(otherKeyboardLayout(typed)).toBeUndefined());
});
