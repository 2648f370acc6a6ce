import { ApiError } from './errors';

const SETTINGS_KEYS = (
  'displayedAttributes searchableAttributes filterableAttributes sortableAttributes foreignKeys rankingRules ' +
  'stopWords nonSeparatorTokens separatorTokens dictionary synonyms distinctAttribute proximityPrecision ' +
  'typoTolerance faceting pagination embedders searchCutoffMs localizedAttributes facetSearch prefixSearch chat'
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

/** The settings of a new index: what GET /indexes/:uid/settings of Meilisearch 1.50 answers for one. */
export function defaultSettings(): StubSettings {
  return {
    displayedAttributes: ['*'],
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    stopWords: [],
    nonSeparatorTokens: [],
    separatorTokens: [],
    dictionary: [],
    synonyms: {},
    distinctAttribute: null,
    proximityPrecision: 'byWord',
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
      disableOnWords: [],
      disableOnAttributes: [],
      disableOnNumbers: false,
    },
    faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: 1000 },
    embedders: {},
    searchCutoffMs: null,
    localizedAttributes: null,
    facetSearch: true,
    prefixSearch: 'indexingTime',
  };
}

/**
 * A settings update applied to an index's settings, as Meilisearch applies a PATCH: a key sent as null goes
 * back to its default, and typoTolerance is merged key by key (a PATCH of `minWordSizeForTypos` keeps
 * `disableOnAttributes`).
 */
export function applySettings(current: StubSettings, update: Record<string, unknown>): void {
  const defaults = defaultSettings();
  for (const [key, value] of Object.entries(update)) {
    if (value === null) current[key] = defaults[key];
    else if (key === 'typoTolerance') current[key] = { ...(current[key] as object), ...(value as object) };
    else current[key] = value;
  }
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
        `Unknown field \`${key}\`: expected one of ${SETTINGS_KEYS.map((k) => `\`${k}\``).join(', ')}`,
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
    fail(
      'pagination',
      `a non-zero integer value lower than \`18446744073709551615\` was expected, but found ${pagination.maxTotalHits === 0 ? 'a zero' : JSON.stringify(pagination.maxTotalHits)}`,
      'pagination.maxTotalHits',
    );
  }
  // Meilisearch keeps typo-tolerance attribute lists as sets: it answers them sorted.
  const typo = settings.typoTolerance as { disableOnAttributes?: string[] } | undefined | null;
  if (typo?.disableOnAttributes)
    return {
      ...settings,
      typoTolerance: { ...typo, disableOnAttributes: [...typo.disableOnAttributes].sort() },
    };
  return settings;
}

function checkRankingRules(rules: unknown): void {
  if (!isStringArray(rules)) fail('rankingRules', 'expected an array of strings');
  (rules as string[]).forEach((rule, i) => {
    if (!BUILTIN_RULES.includes(rule) && !/^[A-Za-z0-9_.]+:(asc|desc)$/.test(rule))
      fail(
        'rankingRules',
        `\`${rule}\` ranking rule is invalid. Valid ranking rules are words, typo, sort, proximity, attribute, exactness and custom ranking rules.`,
        `rankingRules[${i}]`,
      );
  });
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
  const size = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 255;
  if (
    sizes &&
    (!size(sizes.oneTypo) || !size(sizes.twoTypos) || (sizes.oneTypo as number) > (sizes.twoTypos as number))
  ) {
    fail(
      'typoTolerance',
      `\`minWordSizeForTypos\` setting is invalid. \`oneTypo\` and \`twoTypos\` fields should be between \`0\` and \`255\`, and \`twoTypos\` should be greater or equals to \`oneTypo\` but found \`oneTypo: ${String(sizes.oneTypo)}\` and twoTypos: ${String(sizes.twoTypos)}\`.`,
      'typoTolerance.minWordSizeForTypos',
    );
  }
  if (typo.disableOnAttributes !== undefined && !isStringArray(typo.disableOnAttributes))
    fail('typoTolerance', '`disableOnAttributes` must be strings');
}

/** An object of word → list of words, as Meilisearch requires. */
function checkSynonyms(value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('synonyms', 'expected an object');
  for (const [word, others] of Object.entries(value as Record<string, unknown>))
    if (!isStringArray(others))
      throw new ApiError(
        400,
        'invalid_settings_synonyms',
        `Invalid value type at \`.synonyms.${word}\`: expected an array, but found a ${typeof others}: \`${JSON.stringify(others)}\``,
      );
}

function checkLocalizedAttributes(localized: unknown): void {
  if (!Array.isArray(localized)) fail('localizedAttributes', 'expected an array');
  (localized as Array<Record<string, unknown>>).forEach((rule, r) => {
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
    (rule.locales as string[]).forEach((locale, l) => {
      if (!LOCALES.includes(locale))
        throw new ApiError(
          400,
          'invalid_settings_localized_attributes',
          `Unknown value \`${locale}\` at \`.localizedAttributes[${r}].locales[${l}]\`: expected one of ${LOCALES.map((code) => `\`${code}\``).join(', ')}`,
        );
    });
  });
}

/** Throws Meilisearch's error for an invalid value of setting `key`, e.g. invalid_settings_ranking_rules. */
function fail(key: string, why: string, at: string = key): never {
  throw new ApiError(
    400,
    `invalid_settings_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    `Invalid value at \`.${at}\`: ${why}`,
  );
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
