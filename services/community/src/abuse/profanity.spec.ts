import { findProfanity, isProfane, judgeProfanity } from './profanity';
import { ordinarySentences } from '../../testing/abuse/ordinary-sentences';
import { EVASIONS } from '../../testing/abuse/profanity-recall';

describe('Korean profanity check (badwords-ko list, normalised first)', () => {
  it.each(EVASIONS)('refuses %j (%s)', (text) => {
    expect(isProfane(text)).toBe(true);
  });

  it('refuses none of the ordinary sentences of the precision corpus, and masks none', () => {
    const sentences = ordinarySentences();
    expect(sentences.length).toBeGreaterThanOrEqual(200);
    const flagged = sentences
      .map((sentence) => ({ sentence, verdict: judgeProfanity(sentence) }))
      .filter(({ verdict }) => verdict.kind !== 'clean');
    expect(flagged).toEqual([]);
  });

  it.each([
    '이 기술의 시발점은 2017년 논문입니다',
    '출발점은 2017년 논문',
    '미친 듯이 좋다',
    '탄핵소추안이 가결되었습니다',
    '감사합니다 ㄱㅅ',
    '합격 축하드려요 ㅊㅋㅊㅋ',
    'ㅋㅋㅋㅋ 재밌네요',
    '도지코인과 시바 이누',
    '5개년 계획',
    '서울시 발표에 따르면',
    '동시 발생하는 요청',
    '새끼 고양이 사진',
  ])('leaves %j alone', (text) => {
    expect(judgeProfanity(text)).toEqual({ kind: 'clean' });
  });

  it('masks a borderline word (found only by joining a one-letter word with its neighbour) instead of refusing', () => {
    expect(judgeProfanity('이 코드 짠 사람 개새 끼 아닌가요')).toEqual({
      kind: 'mask',
      words: ['개새끼'],
      masked: '이 코드 짠 사람 ** * 아닌가요',
    });
    const spaced = judgeProfanity('야 이 새끼야');
    expect(spaced.kind).toBe('refuse');
  });

  it('keeps 미친 as an intensifier but refuses insults built on it', () => {
    expect(findProfanity('성능이 미쳤네요')).toEqual([]);
    expect(findProfanity('미친 가성비')).toEqual([]);
    expect(findProfanity('미친놈')).not.toEqual([]);
    expect(findProfanity('존나 좋다')).not.toEqual([]);
  });
});
