import { normaliseTerm, tokenize } from './tokenizer';

const words = (text: string) => tokenize(text).map((token) => `${token.text}/${token.script}`);

describe('tokenize', () => {
  it('splits mixed scripts at the boundary', () => {
    expect(words('OpenAI투자')).toEqual(['OpenAI/latin', '투자/hangul']);
    expect(words('2024년 출시')).toEqual(['2024/digit', '년/hangul', '출시/hangul']);
  });

  it('keeps Latin letters and digits together and splits on punctuation', () => {
    expect(words('GPT-4o, H100 및 web3')).toEqual([
      'GPT/latin',
      '4o/latin',
      'H100/latin',
      '및/hangul',
      'web3/latin',
    ]);
  });

  it('treats typed consonants (초성) as their own script', () => {
    expect(words('ㅂㄹㅊㅇ 블록')).toEqual(['ㅂㄹㅊㅇ/jamo', '블록/hangul']);
  });

  it('reports offsets into the original text', () => {
    const text = '«블록체인의» 미래';
    for (const token of tokenize(text)) expect(text.slice(token.start, token.end)).toBe(token.text);
  });

  it('keeps other scripts as words and skips symbols', () => {
    expect(words('人工知能 → AI!')).toEqual(['人工知能/other', 'AI/latin']);
  });
});

describe('normaliseTerm', () => {
  it('lowercases and folds full-width letters', () => {
    expect(normaliseTerm('ＯｐｅｎＡＩ')).toBe('openai');
    expect(normaliseTerm('Ethereum')).toBe('ethereum');
  });
});
