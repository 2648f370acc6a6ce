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

  describe('jamoNeighbours', () => {
    it('finds terms one jamo away in a vowel, a 받침 or an initial consonant', () => {
      expect(vocabulary().jamoNeighbours('블록채인')).toEqual(['블록체인']);
      expect(vocabulary().jamoNeighbours('블록체인')).toEqual([]);
      expect(vocabulary().jamoNeighbours('반도제')).toEqual(['반도체']);
      expect(vocabulary().jamoNeighbours('반돛체')).toEqual(['반도체']);
    });

    it('finds a term whose syllables the typo split or merged (a 초성 added or dropped)', () => {
      // ㅂㅡㄹ-ㄹㅗㄱ with a vowel typed after the first ㄹ: 브로록, one key more.
      expect(vocabulary().jamoNeighbours('브로록체인')).toEqual(['블록체인']);
      expect(vocabulary().jamoNeighbours('블록채잉')).toEqual([]); // two slips
    });

    it('forgives nothing in words of fewer than three syllables', () => {
      const out = vocabulary();
      out.add('반도');
      expect(out.jamoNeighbours('빈도')).toEqual([]);
      expect(out.jamoNeighbours('반드')).toEqual([]);
    });

    it('skips a term no document holds any more', () => {
      const out = vocabulary();
      gone.add('블록체인');
      expect(out.jamoNeighbours('블록채인')).toEqual([]);
    });

    it('sees a term added after the same word was asked', () => {
      const out = vocabulary();
      expect(out.jamoNeighbours('데이타센터')).toEqual([]);
      out.add('데이터센터');
      expect(out.jamoNeighbours('데이타센터')).toEqual(['데이터센터']);
    });
  });
});
