import type { SearchDocument } from './search.port';
import { analyseText } from './embedded/analyser';
import { fieldText } from './embedded/engine-index';
import { tokenize } from './embedded/tokenizer';

/**
 * Meilisearch has no 초성 search, so the adapter adds it: every document carries a hidden field with the
 * 초성 of its Hangul words, and jamo words in a query are rewritten to match it.
 *
 * The 초성 are spelled in Latin letters (the keys a 두벌식 keyboard uses, with spare letters for the
 * double consonants) behind a 'jm' marker: 'ㅂㄹㅊㅇ' → 'jmqfcd'. Meilisearch's Latin tokenisation of
 * such words is predictable, where its Korean segmenter could split a run of bare jamo anywhere; and the
 * last query word still prefix-matches, so 'ㅂㄹㅊ' finds '블록체인' as in the embedded engine. Typo
 * tolerance is switched off on this field (see meilisearch.settings.ts) so codes never fuzzy-match.
 */

export const CHOSEONG_FIELD = '_choseong';
const MARKER = 'jm';
// ㄱ→r, ㄲ→k, ㄴ→s, … : each 초성 followed by its letter.
const KEYS = new Map(
  [...'ㄱrㄲkㄴsㄷeㄸjㄹfㅁaㅂqㅃpㅅtㅆyㅇdㅈwㅉuㅊcㅋzㅌxㅍvㅎg'.matchAll(/(.)(.)/gu)].map(
    ([, jamo, key]) => [jamo, key],
  ),
);

export function encodeChoseong(jamo: string): string {
  let out = MARKER;
  for (const char of jamo) out += KEYS.get(char) ?? '';
  return out;
}

/** The hidden field's value: the distinct encoded 초성 of the searchable fields' Hangul words and stems. */
export function choseongFieldValue(doc: SearchDocument, searchable: readonly string[]): string {
  const codes = new Set<string>();
  for (const field of searchable) {
    for (const jamo of analyseText(fieldText(doc, field)).choseong) codes.add(encodeChoseong(jamo));
  }
  return [...codes].join(' ');
}

/** Rewrites the jamo-only words of a query ('ㅂㄹㅊㅇ 규제' → 'jmqfcd 규제'), leaving the rest as typed. */
export function rewriteChoseongQuery(q: string): string {
  let out = '';
  let cursor = 0;
  for (const token of tokenize(q)) {
    if (token.script !== 'jamo') continue;
    out += q.slice(cursor, token.start) + ` ${encodeChoseong(token.text)} `;
    cursor = token.end;
  }
  return (out + q.slice(cursor)).replace(/\s+/g, ' ').trim();
}
