import { nicknameKey } from './nickname-skeleton';

/**
 * Names no one may take, because readers would take their holder for the site or its staff. The one list;
 * docs/abuse/nicknames.md shows it. Compared by confusable skeleton after dropping spaces, punctuation and
 * digits, so 'ａｄｍｉｎ', 'аdmin' (Cyrillic 'а'), 'admin_1', '관 리 자' and '운영자ㅤ' are all refused.
 */
export const RESERVED_NICKNAMES = [
  // The site itself.
  '펄스',
  'pulse',
  '펄스뉴스',
  'pulsenews',
  '펄스팀',
  'pulseteam',
  '펄스공식',
  'pulseofficial',
  '펄스ai',
  'pulseai',
  'ai도우미',
  '도우미',
  '시스템',
  'system',
  '공지',
  '공지사항',
  'notice',
  '알림',
  '익명',
  'anonymous',
  '탈퇴한사용자',
  'deleted',
  'null',
  'undefined',
  '공식',
  'official',
  '고객센터',
  'support',
  'root',
  // Staff-like names.
  ...staffTitles(),
] as const;

/** Staff titles: also refused as the start or the end of a name ('펄스관리자', '관리자김', 'chief_admin'). */
function staffTitles() {
  return [
    '관리자',
    '운영자',
    '운영진',
    '운영팀',
    '관리팀',
    '모더레이터',
    '스태프',
    'admin',
    'administrator',
    'moderator',
    'staff',
    'sysop',
  ];
}

const NOT_LETTER = /[^\p{L}\p{M}]/gu;

/** Digits typed for letters ('adm1n', 'm0d'): the skeleton reads '1' as 'l' only, so 'i' is tried too. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * What is compared: the key of the name with everything but letters removed, in three readings, since a
 * digit is either a look-alike ('pu1se', where the skeleton reads '1' as 'l'; 'adm1n') or a separator
 * ('admin_1').
 */
const cores = (name: string): string[] => {
  const nfkc = name.normalize('NFKC');
  const letters = (text: string) => nicknameKey(text).replace(NOT_LETTER, '');
  return [
    ...new Set([
      letters(nfkc),
      letters(nfkc.replace(NOT_LETTER, '')),
      letters(nfkc.replace(/[013457@$]/g, (digit) => LEET[digit])),
    ]),
  ].filter(Boolean);
};

const RESERVED = new Set(RESERVED_NICKNAMES.flatMap(cores));
const TITLES = staffTitles().flatMap(cores);

/**
 * True when the name is a reserved one or a look-alike of one, or starts or ends with a staff title.
 * Only the start and the end: 'badminton' holds 'admin' and is nobody's title.
 */
export function isReservedNickname(name: string): boolean {
  return cores(name).some(
    (key) => RESERVED.has(key) || TITLES.some((title) => key.startsWith(title) || key.endsWith(title)),
  );
}
