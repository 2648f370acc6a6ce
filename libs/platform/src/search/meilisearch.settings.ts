import type { Locale, Settings } from 'meilisearch';
import { ONE_TYPO_MIN_LENGTH, TWO_TYPOS_MIN_LENGTH } from './embedded/edit-distance';
import { analysedAttributes, PARTS_FIELD } from './meilisearch.analysis';
import { CHOSEONG_FIELD } from './meilisearch.choseong';
import type { IndexSettings } from './search.port';
import { toSynonymMap } from './synonyms/synonym-table';

/**
 * The port's index settings as Meilisearch settings, chosen so Meilisearch ranks like the embedded engine.
 */

/**
 * 'sort' first: an explicit sort (latest, popular) orders the results and relevance only breaks ties, as
 * in the embedded engine. Without a sort in the query the rule does nothing. The rest is Meilisearch's
 * default order.
 */
export const RANKING_RULES = ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'];

/**
 * Meilisearch stops counting at maxTotalHits (1,000 by default), which would cap page counts of a long
 * archive listing; this is far above any list we page through.
 */
export const MAX_TOTAL_HITS = 100_000;

export function toMeilisearchSettings(settings: IndexSettings): Settings {
  return {
    // Order is priority: Meilisearch's 'attribute' rule weighs earlier fields more, like our field weights.
    // The adapter's analysed attributes (meilisearch.analysis.ts) come after the original text, so a word
    // as written outranks its stem, a compound part or a 초성 match.
    searchableAttributes: [...settings.searchable, ...analysedAttributes(settings.searchable)],
    filterableAttributes: [...settings.filterable],
    sortableAttributes: [...settings.sortable],
    displayedAttributes: settings.displayed ? [...new Set(['id', ...settings.displayed])] : ['*'],
    rankingRules: RANKING_RULES,
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: ONE_TYPO_MIN_LENGTH, twoTypos: TWO_TYPOS_MIN_LENGTH },
      // 초성 keys are codes, and a compound's parts are every run inside it: a typo there matches noise.
      disableOnAttributes: [...settings.searchable.map((field) => `${PARTS_FIELD}.${field}`), CHOSEONG_FIELD],
    },
    localizedAttributes: toLocalizedAttributes(settings),
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
    // Always sent, empty when none: a PATCH without the key would keep groups an admin has since removed.
    synonyms: toSynonymMap(settings.synonyms ?? []),
  };
}

/**
 * Without a language Meilisearch guesses each field's, and short Korean strings are often guessed wrong
 * (or as Japanese/Chinese), which changes segmentation. Fields declared in `locales` get their codes, one
 * rule per distinct list; an index that declares none is Korean throughout.
 */
export function toLocalizedAttributes(
  settings: IndexSettings,
): Array<{ attributePatterns: string[]; locales: Locale[] }> {
  if (!settings.locales) return [{ attributePatterns: ['*'], locales: ['kor'] }];
  const rules = new Map<string, { attributePatterns: string[]; locales: Locale[] }>();
  for (const [field, codes] of Object.entries(settings.locales)) {
    const key = [...codes].sort().join(',');
    const rule = rules.get(key) ?? { attributePatterns: [], locales: [...codes] as Locale[] };
    rule.attributePatterns.push(field);
    rules.set(key, rule);
  }
  return [...rules.values()];
}
