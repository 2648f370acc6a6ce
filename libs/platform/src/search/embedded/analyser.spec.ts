import { analyseQuery, analyseText, indexedTerms } from './analyser';

describe('analyseText', () => {
  it('indexes a Hangul word with its stems, bigrams and 초성', () => {
    const analysed = analyseText('블록체인의 미래');
    expect(analysed.terms).toEqual(['블록체인의', '블록체인', '미래']);
    expect(analysed.bigrams).toEqual(['블록', '록체', '체인', '인의', '미래']);
    expect(analysed.choseong).toEqual(['ㅂㄹㅊㅇㅇ', 'ㅂㄹㅊㅇ', 'ㅁㄹ']);
    expect(analysed.length).toBe(2);
  });

  it('indexes terms only for the embedded engine, with jamo words as written', () => {
    expect(indexedTerms('블록체인의 미래 ㅋㅋ GPT4')).toEqual({
      terms: ['블록체인의', '블록체인', '미래', 'ㅋㅋ', 'gpt4'],
      length: 4,
    });
  });

  it('lowercases Latin words and keeps them apart from Korean ones', () => {
    expect(analyseText('OpenAI투자 GPT4').terms).toEqual(['openai', '투자', 'gpt4']);
  });

  it('normalises decomposed Hangul (as macOS writes it) before analysis', () => {
    expect(analyseText('블록체인'.normalize('NFD')).terms).toEqual(['블록체인']);
  });
});

describe('analyseQuery', () => {
  it('gives each word its forms and marks the last one for prefix search', () => {
    expect(analyseQuery('블록체인으로 Etherum')).toEqual([
      { script: 'hangul', text: '블록체인으로', forms: ['블록체인으로', '블록체인'], isLast: false },
      { script: 'latin', text: 'etherum', forms: ['etherum'], isLast: true },
    ]);
  });

  it('reads a 초성 query as jamo', () => {
    expect(analyseQuery('ㅂㄹㅊㅇ')).toEqual([
      { script: 'jamo', text: 'ㅂㄹㅊㅇ', forms: ['ㅂㄹㅊㅇ'], isLast: true },
    ]);
  });

  it('ignores words after the tenth, as Meilisearch does', () => {
    expect(analyseQuery('a b c d e f g h i j k l')).toHaveLength(10);
  });
});
