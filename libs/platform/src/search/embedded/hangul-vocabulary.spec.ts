import { HangulVocabulary } from './hangul-vocabulary';

describe('HangulVocabulary', () => {
  const gone = new Set<string>();
  beforeEach(() => gone.clear());
  const vocabulary = () => {
    const out = new HangulVocabulary((term) => !gone.has(term));
    for (const term of ['블록체인의', '블록체인', '생성형인공지능', '인공지능', '반도체', 'ㅂㄹ', 'openai'])
      out.add(term);
    return out;
  };

  it('groups terms by their 초성, a jamo word with them', () => {
    expect(vocabulary().withChoseong('ㅂㄹㅊㅇ')).toEqual(['블록체인']);
    expect(vocabulary().withChoseong('ㅂㄹ')).toEqual(['ㅂㄹ']);
    expect(vocabulary().choseongCompletions('ㅂㄹ', 5)).toEqual(['ㅂㄹㅊㅇㅇ', 'ㅂㄹㅊㅇ']);
  });

  it('finds the terms holding a word, compounds included, and only those', () => {
    expect(vocabulary().containing('인공지능').sort()).toEqual(['생성형인공지능', '인공지능']);
    expect(vocabulary().containing('체인')).toEqual(['블록체인의', '블록체인']);
    // Every pair of '공지인' occurs in the vocabulary, but no term holds the whole.
    expect(vocabulary().containing('공지인')).toEqual([]);
    expect(vocabulary().containing('칩')).toEqual([]);
  });

  it('skips a term no document holds any more', () => {
    const out = vocabulary();
    gone.add('인공지능');
    gone.add('블록체인');
    expect(out.containing('인공지능')).toEqual(['생성형인공지능']);
    expect(out.withChoseong('ㅂㄹㅊㅇ')).toEqual([]);
  });
});
