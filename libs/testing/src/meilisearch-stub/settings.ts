import { ApiError } from './errors';

const SETTINGS_KEYS = (
  'displayedAttributes searchableAttributes filterableAttributes sortableAttributes rankingRules stopWords ' +
  'nonSeparatorTokens separatorTokens dictionary synonyms distinctAttribute proximityPrecision typoTolerance ' +
  'faceting pagination embedders searchCutoffMs localizedAttributes facetSearch prefixSearch'
).split(' ');
const ATTRIBUTE_LISTS = [
  'displayedAttributes',
  'searchableAttributes',
  'filterableAttributes',
  'sortableAttributes',
];
const TYPO_TOLERANCE_KEYS = [
  'enabled',
  'minWordSizeForTypos',
  'disableOnWords',
  'disableOnAttributes',
  'disableOnNumbers',
];
const BUILTIN_RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];
// A sample of the ISO 639-3 and 639-1 codes Meilisearch accepts; enough to reject a typo like 'kr'.
export const LOCALES = 'kor ko eng en jpn ja cmn zh deu de fra fr spa es'.split(' ');

export type StubSettings = Record<string, unknown> & {
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  displayedAttributes: string[];
};

/** The settings of a new index. */
export function defaultSettings(): StubSettings {
  return {
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    displayedAttributes: ['*'],
    rankingRules: [...BUILTIN_RULES],
  };
}

/** The body of PATCH /indexes/:uid/settings, checked the way Meilisearch checks it. */
export function validateSettings(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'bad_request', 'Settings must be an object.');
  const settings = body as Record<string, unknown>;
  for (const [key, value] of Object.entries(settings)) {
    if (!SETTINGS_KEYS.includes(key))
      throw new ApiError(
        400,
        'bad_request',
        `Unknown field \`${key}\`: expected one of ${SETTINGS_KEYS.join(', ')}`,
      );
    if (ATTRIBUTE_LISTS.includes(key) && !isStringArray(value)) fail(key, 'expected an array of strings');
  }
  if (settings.rankingRules !== undefined) checkRankingRules(settings.rankingRules);
  if (settings.typoTolerance !== undefined) checkTypoTolerance(settings.typoTolerance);
  if (settings.synonyms !== undefined && settings.synonyms !== null) checkSynonyms(settings.synonyms);
  const localized = settings.localizedAttributes;
  if (localized !== undefined && localized !== null) checkLocalizedAttributes(localized);
  const pagination = settings.pagination as { maxTotalHits?: unknown } | undefined;
  if (
    pagination !== undefined &&
    (!Number.isInteger(pagination.maxTotalHits) || (pagination.maxTotalHits as number) < 1)
  ) {
    fail('pagination', '`maxTotalHits` must be a positive integer');
  }
  return settings;
}

function checkRankingRules(rules: unknown): void {
  if (!isStringArray(rules)) fail('rankingRules', 'expected an array of strings');
  for (const rule of rules as string[]) {
    if (!BUILTIN_RULES.includes(rule) && !/^[A-Za-z0-9_.]+:(asc|desc)$/.test(rule))
      fail('rankingRules', `\`${rule}\` ranking rule is invalid`);
  }
}

function checkTypoTolerance(value: unknown): void {
  const typo = value as Record<string, unknown>;
  if (
    typeof typo !== 'object' ||
    typo === null ||
    Object.keys(typo).some((k) => !TYPO_TOLERANCE_KEYS.includes(k))
  )
    fail('typoTolerance', `expected keys among ${TYPO_TOLERANCE_KEYS.join(', ')}`);
  const sizes = typo.minWordSizeForTypos as { oneTypo?: unknown; twoTypos?: unknown } | undefined;
  if (
    sizes &&
    (!Number.isInteger(sizes.oneTypo) ||
      !Number.isInteger(sizes.twoTypos) ||
      (sizes.oneTypo as number) > (sizes.twoTypos as number))
  ) {
    fail('typoTolerance', '`minWordSizeForTypos` needs integer oneTypo ≤ twoTypos');
  }
  if (typo.disableOnAttributes !== undefined && !isStringArray(typo.disableOnAttributes))
    fail('typoTolerance', '`disableOnAttributes` must be strings');
}

/** An object of word → list of words, as Meilisearch requires. */
function checkSynonyms(value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('synonyms', 'expected an object');
  for (const others of Object.values(value as Record<string, unknown>))
    if (!isStringArray(others)) fail('synonyms', 'each value must be an array of strings');
}

function checkLocalizedAttributes(localized: unknown): void {
  if (!Array.isArray(localized)) fail('localizedAttributes', 'expected an array');
  for (const rule of localized as Array<Record<string, unknown>>) {
    const keys = Object.keys(rule ?? {})
      .sort()
      .join(',');
    if (
      keys !== 'attributePatterns,locales' ||
      !isStringArray(rule.attributePatterns) ||
      !isStringArray(rule.locales)
    ) {
      fail(
        'localizedAttributes',
        'each rule needs exactly `attributePatterns` and `locales`, both string arrays',
      );
    }
    for (const locale of rule.locales as string[])
      if (!LOCALES.includes(locale)) fail('localizedAttributes', `unknown locale \`${locale}\``);
  }
}

/** Throws Meilisearch's error for an invalid value of setting `key`, e.g. invalid_settings_ranking_rules. */
function fail(key: string, why: string): never {
  throw new ApiError(
    400,
    `invalid_settings_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    `Invalid value at \`.${key}\`: ${why}`,
  );
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
