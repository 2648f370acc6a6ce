import type { CategorySlug } from '@pulse/contracts';

// Korean names of the three categories (libs/contracts CATEGORY_DEFINITIONS; a spec keeps them equal).
// Repeated because the front ends import only types from @pulse/contracts (see api/policies.ts).
export const CATEGORY_NAMES: Readonly<Record<CategorySlug, string>> = {
  'gen-ai': '생성형 AI',
  blockchain: '블록체인',
  'big-tech': '글로벌 빅테크',
};

/** The Korean name of a category slug; an unknown value is shown as it is. */
export function categoryName(slug: string | null | undefined): string {
  if (!slug) return '';
  return (CATEGORY_NAMES as Record<string, string>)[slug] ?? slug;
}

/** docs/spec-content.md §9: the HOT badge shows strictly above hotScore 100 (contracts HOT_SCORE_THRESHOLD). */
export const HOT_SCORE_THRESHOLD = 100;
export const isHot = (hotScore: number | null | undefined): boolean => (hotScore ?? 0) > HOT_SCORE_THRESHOLD;
