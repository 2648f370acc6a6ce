import { choseongOf, isConsonantJamo, isHangulSyllable, toChoseong } from './hangul';

describe('초성 (choseong)', () => {
  it('takes the initial consonant of each syllable', () => {
    expect(toChoseong('블록체인')).toBe('ㅂㄹㅊㅇ');
    expect(toChoseong('이더리움')).toBe('ㅇㄷㄹㅇ');
    expect(toChoseong('까치')).toBe('ㄲㅊ');
  });

  it('covers the first and last syllables of the block', () => {
    expect(choseongOf('가')).toBe('ㄱ');
    expect(choseongOf('힣')).toBe('ㅎ');
  });

  it('drops what is not a syllable', () => {
    expect(toChoseong('AI칩')).toBe('ㅊ');
  });

  it('tells syllables from typed consonants', () => {
    expect(isHangulSyllable('블')).toBe(true);
    expect(isHangulSyllable('ㅂ')).toBe(false);
    expect(isConsonantJamo('ㅂ')).toBe(true);
    expect(isConsonantJamo('a')).toBe(false);
  });
});
