import { findProfanity, isProfane } from './profanity';

describe('Korean profanity check (badwords-ko list, normalised first)', () => {
  it.each([
    ['시발', 'plain'],
    ['시 1 발', 'spaces and digits inside'],
    ['시.발!', 'punctuation inside'],
    ['씨\u200b발', 'zero-width space'],
    ['씨ㅣㅣ발', 'stray vowels'],
    ['ㅅㅂ', '초성 only'],
    ['ㅅㅅㅂㅂ', 'repeated 초성'],
    ['ㅂㅅ', '초성 of a listed word'],
    ['ｔｌｑｋｆ', 'full-width Latin (NFKC)'],
    ['mi쳤네', 'Latin inside a word'],
    ['개 새 끼', 'spaced out'],
  ])('catches %s (%s)', (text) => {
    expect(isProfane(text)).toBe(true);
  });

  it.each([
    '시발점에서 출발하는 기차',
    '탄핵소추안이 가결되었습니다',
    '감사합니다 ㄱㅅ',
    'ㅋㅋㅋㅋ 재밌네요',
    'GPT API 비용을 줄이는 방법이 있을까요? 대화 기록이 길어질수록 토큰 비용이 늘어납니다.',
    'React와 TypeScript로 상태 관리하기',
    '이더리움 가스비 최적화',
    '미세조정과 파인튜닝의 차이',
    '시바이누 코인 전망',
    '도지코인과 시바 이누',
  ])('leaves %s alone', (text) => {
    expect(findProfanity(text)).toEqual([]);
  });
});
