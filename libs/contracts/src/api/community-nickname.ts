import { COMMUNITY_LIMITS } from './community-constants';

/**
 * The random nickname generator (docs/spec-community.md §5: an adjective, a job and a number from 1 to 999), shared by
 * the qa remote's 'random' button and the server so both make the same kind of name. Every result is
 * 2–20 characters, as the nickname rule requires.
 */
export const NICKNAME_ADJECTIVES = [
  '행복한',
  '용감한',
  '친절한',
  '똑똑한',
  '부지런한',
  '느긋한',
  '명랑한',
  '차분한',
  '씩씩한',
  '엉뚱한',
  '성실한',
  '신나는',
  '꼼꼼한',
  '호기심많은',
  '배고픈',
  '졸린',
] as const;

export const NICKNAME_JOBS = [
  '개발자',
  '디자이너',
  '기획자',
  '연구원',
  '데이터분석가',
  '엔지니어',
  '기자',
  '작가',
  '탐험가',
  '요리사',
  '농부',
  '선생님',
  '학생',
  '마법사',
  '우주비행사',
  '해커',
] as const;

/** `random` returns [0, 1) like Math.random; tests pass their own. */
export function randomNickname(random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]): T =>
    list[Math.min(list.length - 1, Math.floor(random() * list.length))];
  const { min, max } = COMMUNITY_LIMITS.nicknameNumber;
  const number = min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
  return `${pick(NICKNAME_ADJECTIVES)}${pick(NICKNAME_JOBS)}${number}`;
}
