// The calls of the news remote (docs/spec-content.md §7). Constants come from libs/contracts' dependency-free modules
// (constants, taxonomy), deep-imported so no zod schema reaches the bundle.
import { PAGE_SIZES } from '@pulse/contracts/src/api/constants';

export const newsPagePath = (offset: number, hot: boolean): string =>
  `/api/content/news?limit=${PAGE_SIZES.news}&offset=${offset}${hot ? '&hot=true' : ''}`;

export const insightsPagePath = (offset: number): string =>
  `/api/content/insights?limit=${PAGE_SIZES.insights}&offset=${offset}`;

export const NEWS_PAGE_SIZE = PAGE_SIZES.news;
export const INSIGHTS_PAGE_SIZE = PAGE_SIZES.insights;

const segment = encodeURIComponent;
export const articlePath = (id: string) => `/api/articles/${segment(id)}`;
export const relatedPath = (id: string) => `/api/articles/related/${segment(id)}`;
export const viewPath = (id: string) => `/api/articles/${segment(id)}/view`;
export const sharePath = (id: string) => `/api/articles/${segment(id)}/share`;
export const generateImagePath = (id: string) => `/api/articles/${segment(id)}/generate-image`;
export const likeStatusPath = (id: string) => `/api/interactions/status/${segment(id)}`;
export const LIKE_PATH = '/api/interactions/like';
export const UNLIKE_PATH = '/api/interactions/unlike';

/**
 * The content service's id rule (libs/contracts idParamSchema), checked here without zod so a malformed
 * id shows the 'invalid id' message instead of a request.
 */
export const isValidArticleId = (id: string | undefined): id is string =>
  typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id);
