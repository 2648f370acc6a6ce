// The tech-analysis calls (docs/spec-content.md §7). Constants come from libs/contracts' dependency-free modules.
import type { TechnologyCategory } from '@pulse/contracts';
import { PAGE_SIZES } from '@pulse/contracts/src/api/constants';

/** The list's pages: page starts at 1, 9 per page, Korean; the 'all' button sends no category. */
export const listPath = (page: number, category: TechnologyCategory | null): string =>
  `/api/tech-analysis?page=${page}&limit=${PAGE_SIZES.techAnalysis}&lang=ko${category ? `&category=${category}` : ''}`;

const segment = encodeURIComponent;
export const detailPath = (slug: string) => `/api/tech-analysis/${segment(slug)}`;
export const likePath = (id: string) => `/api/tech-analysis/${segment(id)}/like`;
/** Chosen by the content service (seed: a view is counted when the detail opens, call not shown). */
export const viewPath = (id: string) => `/api/tech-analysis/${segment(id)}/view`;
