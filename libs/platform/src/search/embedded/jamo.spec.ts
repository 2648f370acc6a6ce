import { oneJamoApart, toJamo } from './jamo';

describe('jamo', () => {
  it('spells syllables as the keys typed, compound vowels and final clusters as two', () => {
    expect(toJamo('블록체인')).toBe('ㅂㅡㄹㄹㅗㄱㅊㅔㅇㅣㄴ');
    expect(toJamo('교과서')).toBe('ㄱㅛㄱㅗㅏㅅㅓ');
    expect(toJamo('닭')).toBe('ㄷㅏㄹㄱ');
    expect(toJamo('쌍')).toBe('ㅆㅏㅇ');
    expect(toJamo('AI칩')).toBe('AIㅊㅣㅂ');
  });

  it('tells words one jamo apart: substituted, added or dropped', () => {
    expect(oneJamoApart('블록채인', '블록체인')).toBe(true); // ㅔ → ㅐ
    expect(oneJamoApart('반도제', '반도체')).toBe(true); // an initial consonant
    expect(oneJamoApart('하이닉슨', '하이닉스')).toBe(true); // a 받침 added
    expect(oneJamoApart('트레이니어', '트레이니엄')).toBe(true); // a 받침 dropped
    expect(oneJamoApart('디지털교고서', '디지털교과서')).toBe(true); // half of ㅘ dropped
    expect(oneJamoApart('넷플릭쓰', '넷플릭스')).toBe(true); // Shift held
  });

  it('does not call two slips, or the same word, one jamo apart', () => {
    expect(oneJamoApart('블록채잉', '블록체인')).toBe(false);
    expect(oneJamoApart('블록체인', '블록체인')).toBe(false);
    expect(oneJamoApart('블록', '블록체인')).toBe(false);
  });
});
