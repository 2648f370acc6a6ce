import type { CategorySlug } from '@pulse/contracts';
import type { Filter } from '@pulse/platform';
import { PUBLISHED } from '../articles/articles.repository';

/**
 * What feeds and sitemaps list: published articles, without the demo corpus's samples (clearly marked
 * demo content on the site, but not news to syndicate or to submit to search engines).
 */
export const IN_FEEDS: Filter = { ...PUBLISHED, sample: { $ne: true } };

/** A category's articles, by primary or secondary category (as the category page lists them). */
export const inCategory = (slug: CategorySlug): Filter => ({
  $and: [IN_FEEDS, { $or: [{ primaryCategory: slug }, { secondaryCategory: slug }] }],
});
