// The calls of the news remote (docs/spec-content.md §7). Constants come from libs/contracts' dependency-free modules
// (constants, taxonomy), deep-imported so no zod schema reaches the bundle.
import { PAGE_SIZES } from '@pulse/contracts/src/api/constants';

export const newsPagePath = (offset: number, hot: boolean): string =>
  `/api/content/news?limit=${PAGE_SIZES.news}&offset=${offset}${hot ? '&hot=true' : ''}`;

export const insightsPagePath = (offset: number): string =>
  `/api/content/insights?limit=${PAGE_SIZES.insights}&offset=${offset}`;

export const NEWS_PAGE_SIZE = PAGE_SIZES.news;
export const INSIGHTS_PAGE_SIZE = PAGE_SIZES.insights;
