/**
 * What this site decides beyond the badwords-ko list (docs/abuse/profanity.md explains each choice).
 */

/**
 * Entries of the list that are ordinary words in a tech community, so never looked for:
 * - '미친', '미쳤나'…: an everyday intensifier and praise ('미친 듯이 좋다', '성능이 미쳤네요'). Insults
 *   built on it stay listed ('미친놈', '미친새끼'), and so do its disguised spellings ('미1친', 'mi쳤'),
 *   which only someone dodging the filter writes;
 * - '꺼져요', '꺼지': what a screen or a server does ('서버가 자꾸 꺼져요');
 * - '뒤졌', '뒤져요', '뒤질'…: 뒤지다, to search through ('로그를 다 뒤졌는데'); the imperative '뒤져라' stays;
 * - plain words the list holds as slang: 삐걱, 뚝배기, 노무 (labour), 오크 (orc), 찍찍이 (velcro), 후려
 *   ('가격 후려치기'), 자살 (news about prevention), 쉰내, 꼴랑, 존귀 (尊貴).
 * The 좆/존나 family (존나, 존맛, 존잼, 졸라…) stays profanity here: it is a vulgar word, not an intensifier.
 */
export const ORDINARY_HERE = [
  '미친',
  '미친~',
  '미친ㅋ',
  '미쳤나',
  '미쳤니',
  '미쳣네',
  '꺼져요',
  '꺼지세요',
  '꺼.지',
  '뒤졌',
  '뒤져요',
  '뒤진다',
  '뒤질',
  '뒤져야',
  '뒤져야지',
  '삐걱',
  '뚝배기',
  '노무',
  '오크',
  '찍찍이',
  '후려',
  '후.려',
  '후1려',
  '자살',
  '쉰내',
  '꼴랑',
  '존귀',
] as const;

/**
 * Ordinary phrases that contain a listed word; cut out of the text before matching, with any spaces,
 * digits or punctuation between their letters. A leading '#' stands for a number ('#개년': '5개년 계획').
 */
export const PROFANITY_ALLOW_LIST = [
  '시발점',
  '시발역',
  '시발택시',
  '탄핵소추',
  '소추안',
  '수박씨발라',
  '시바이누',
  '시바견',
  '시바스',
  '아시바',
  '병신년',
  '십팔번',
  '새끼손가락',
  '새끼발가락',
  '새끼고양이',
  '새끼강아지',
  '새끼줄',
  '등신대',
  '보라니까',
  '#개년',
] as const;
