import { convertHangulToQwerty, convertQwertyToHangul } from 'es-hangul';

const LATIN_ONLY = /^[a-z0-9\s.+-]+$/i;
const HANGUL_ONLY = /^[\u3131-\u318e\uac00-\ud7a3\s0-9.+-]+$/;
const SYLLABLES_ONLY = /^[\uac00-\ud7a3\s0-9.+-]+$/;
const CONSONANTS_ONLY = /^[\u3131-\u314e\s]+$/;

/**
 * The query a reader meant when they typed it with the keyboard in the other 한/영 mode: 'qmffhrcpdls' →
 * '블록체인', 'ㅅ늧' → 'tsmc'. undefined when the query mixes scripts, when the conversion leaves stray jamo,
 * and for consonants alone ('ㅂㄹㅊㅇ' is a 초성 query, not English). Asked only when the query as typed
 * finds nothing or only part of it (ArticleSearchService).
 */
export function otherKeyboardLayout(q: string): string | undefined {
  const query = q.trim();
  if (LATIN_ONLY.test(query)) {
    const hangul = convertQwertyToHangul(query.toLowerCase());
    return SYLLABLES_ONLY.test(hangul) && /[\uac00-\ud7a3]/.test(hangul) ? hangul : undefined;
  }
  if (HANGUL_ONLY.test(query) && !CONSONANTS_ONLY.test(query)) {
    const latin = convertHangulToQwerty(query);
    return LATIN_ONLY.test(latin) && /[a-z]/i.test(latin) ? latin : undefined;
  }
  return undefined;
}
