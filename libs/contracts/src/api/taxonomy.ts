/**
 * The fixed vocabularies of the content side: news categories, content types, technology categories
 * and difficulty levels. Events and API shapes both use these, so a value means the same thing on the
 * bus and on the wire.
 */

/** docs/spec-content.md §3 'Category definitions': the three known category slugs. */
export const CATEGORY_SLUGS = ['gen-ai', 'blockchain', 'big-tech'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface CategoryDefinition {
  slug: CategorySlug;
  /** Korean display name (UI copy is Korean, docs/design.md §8). */
  name: string;
  englishName: string;
  description: string;
  /** Short code for badges and feeds. docs/spec-content.md §3 lists a code but not its values: chosen here. */
  code: string;
  /** Badge colour; docs/spec-content.md §3 lists colours but not their values: chosen here. */
  color: string;
}

export const CATEGORY_DEFINITIONS: Readonly<Record<CategorySlug, CategoryDefinition>> = {
  'gen-ai': {
    slug: 'gen-ai',
    name: '생성형 AI',
    englishName: 'Generative AI',
    description: '생성형 AI 모델, 서비스, 연구와 산업 동향',
    code: 'GENAI',
    color: '#7c3aed',
  },
  blockchain: {
    slug: 'blockchain',
    name: '블록체인',
    englishName: 'Blockchain',
    description: '블록체인, 암호화폐, Web3와 디지털 자산 동향',
    code: 'BC',
    color: '#2563eb',
  },
  'big-tech': {
    slug: 'big-tech',
    name: '글로벌 빅테크',
    englishName: 'Global Big Tech',
    description: '글로벌 빅테크 기업의 전략, 제품과 규제 동향',
    code: 'BIGTECH',
    color: '#059669',
  },
};

/**
 * Names that redirect to a slug (docs/spec-content.md §2 'Category page': legacy or Korean names such as 'Gen AI' and
 * 'Big Tech'). Keys are compared after lower-casing and dropping spaces, '_' and '-'. A Map, because the name comes
 * from the URL: looked up in a plain object, 'constructor' would find Object.prototype's.
 */
const CATEGORY_ALIASES: ReadonlyMap<string, CategorySlug> = new Map<string, CategorySlug>([
  ['genai', 'gen-ai'],
  ['generativeai', 'gen-ai'],
  ['생성형ai', 'gen-ai'],
  ['생성ai', 'gen-ai'],
  ['blockchain', 'blockchain'],
  ['블록체인', 'blockchain'],
  ['bigtech', 'big-tech'],
  ['globalbigtech', 'big-tech'],
  ['빅테크', 'big-tech'],
  ['글로벌빅테크', 'big-tech'],
]);

/**
 * The slug a category name stands for, or undefined for an unknown name ('Category not found').
 * When the result differs from the input, the category page redirects to the slug.
 */
export const resolveCategorySlug = (name: string): CategorySlug | undefined =>
  CATEGORY_ALIASES.get(
    name
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ''),
  );

/** docs/spec-content.md §1: news, technical analysis and insights. */
export const CONTENT_TYPES = ['news', 'insight', 'analysis'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** docs/spec-content.md §3 'Technology categories' (value, label); labels in Korean per docs/design.md §8. */
export const TECHNOLOGY_CATEGORIES = [
  { value: 'ai_ml', label: 'AI/ML' },
  { value: 'web_framework', label: '웹 프레임워크' },
  { value: 'cloud_native', label: '클라우드 네이티브' },
  { value: 'blockchain', label: '블록체인' },
  { value: 'data_engineering', label: '데이터 엔지니어링' },
  { value: 'devops', label: 'DevOps' },
  { value: 'mobile', label: '모바일' },
  { value: 'security', label: '보안' },
] as const;
export type TechnologyCategory = (typeof TECHNOLOGY_CATEGORIES)[number]['value'];
export const TECHNOLOGY_CATEGORY_VALUES = TECHNOLOGY_CATEGORIES.map((c) => c.value) as unknown as readonly [
  TechnologyCategory,
  ...TechnologyCategory[],
];

/** docs/spec-content.md §3 techMeta and §4 'Difficulty'. */
export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** docs/spec-content.md §4 and §9: beginner green 초급, intermediate yellow 중급, advanced red 고급. */
export const DIFFICULTY_LABELS: Readonly<Record<DifficultyLevel, { label: string; color: string }>> = {
  beginner: { label: '초급', color: 'green' },
  intermediate: { label: '중급', color: 'yellow' },
  advanced: { label: '고급', color: 'red' },
};

/**
 * docs/design.md §5: 'translated' by the LLM; 'pending' when no LLM is configured (stored with the English original,
 * translated later by a backfill); 'held' when the output added URLs absent from the source (review first).
 */
export const TRANSLATION_STATUSES = ['translated', 'pending', 'held'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];
