import { choseongFieldValue, encodeChoseong, rewriteChoseongQuery } from './meilisearch.choseong';

describe('초성 support for Meilisearch', () => {
  it('spells 초성 in keyboard letters behind a marker', () => {
    expect(encodeChoseong('ㅂㄹㅊㅇ')).toBe('jmqfcd');
    expect(encodeChoseong('ㄲㄸㅃㅆㅉ')).toBe('jmkjpyu');
  });

  it('gives a document the codes of its Hangul words and their stems', () => {
    const doc = { id: 'a', title: '블록체인의 미래', body: 'Ethereum' };
    expect(choseongFieldValue(doc, ['title', 'body']).split(' ')).toEqual(['jmqfcdd', 'jmqfcd', 'jmaf']);
  });

  it('rewrites only the jamo words of a query', () => {
    expect(rewriteChoseongQuery('ㅂㄹㅊㅇ 규제')).toBe('jmqfcd 규제');
    expect(rewriteChoseongQuery('OpenAI 투자')).toBe('OpenAI 투자');
    expect(rewriteChoseongQuery('규제ㅂㄹㅊㅇ')).toBe('규제 jmqfcd');
  });
});
