// The trending calls (docs/spec-content.md §7). Constants come from libs/contracts' dependency-free modules.
import type { ContentType, TrendingPeriod } from '@pulse/contracts';
import { PAGE_SIZES } from '@pulse/contracts/src/api/constants';

export type TrendingType = 'all' | ContentType;
/** The order of the selectors; values as the API takes them (TRENDING_PERIODS, CONTENT_TYPES). */
export const PERIODS: readonly TrendingPeriod[] = ['day', 'week', 'month'];
export const TYPES: readonly TrendingType[] = ['all', 'news', 'analysis', 'insight'];

const limit = `limit=${PAGE_SIZES.trending}`;
/** 'all' sends no type (docs/spec-content.md §7: optional type). */
const typeParam = (type: TrendingType) => (type === 'all' ? '' : `&type=${type}`);

export const hotTopicsPath = (type: TrendingType) => `/api/trending/hot-topics?${limit}${typeParam(type)}`;
export const popularPath = (period: TrendingPeriod, type: TrendingType) =>
  `/api/trending/popular?period=${period}&${limit}${typeParam(type)}`;
export const RISING_PATH = `/api/trending/rising?${limit}`;
export const statsPath = (period: TrendingPeriod) => `/api/trending/stats?period=${period}`;
