import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of UTS #39 (section 4): NFD, default-ignorable code points removed, each
 * character replaced by its prototype from the Unicode confusables data (confusables.txt, through the
 * `unhomoglyph` package, nodeca), NFD again. Two names with one skeleton look alike: 'аdmin' with a
 * Cyrillic 'а', 'Ｐｕｌｓｅ', 'pu1se' and 'pulse' share one, and so do '관리자' and '관리자' + U+3164.
 * The skeleton is a key, never shown: 'm' becomes 'rn'.
 */
export function confusableSkeleton(text: string): string {
  const bare = text.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return unhomoglyph(bare).normalize('NFD');
}

/**
 * The key two nicknames collide on (`displayNameKey`, unique): the skeleton of the name after NFKC and
 * lower-casing, lower-cased again (confusables.txt maps some lower-case letters to capitals, '0' to 'O').
 * Case is folded first because names were always compared without case ('Admin' is 'admin'); the price is
 * that a capital 'I' typed for an 'l' is folded to 'i' before the skeleton could see it.
 */
export function nicknameKey(name: string): string {
  return confusableSkeleton(name.normalize('NFKC').toLowerCase()).toLowerCase();
}

/** The scheme `displayNameKey` is written in; records without it hold the older NFKC + lower-case key. */
export const NICKNAME_KEY_SCHEME = 'uts39-skeleton';
