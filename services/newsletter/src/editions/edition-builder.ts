import { Inject, Injectable } from '@nestjs/common';
import {
  CATEGORY_SLUGS,
  MAX_LIST_LIMIT,
  TrendingReadClient,
  type CategorySlug,
  type TrendingReadItem,
} from '@pulse/contracts';
import { SiteLinks } from '../links/site-links';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import type { DigestArticle, DigestSection } from './edition.record';
import type { DueEdition } from './edition-calendar';

export const TRENDING_CLIENT = Symbol.for('pulse.newsletter.TrendingClient');

/**
 * Picks a digest's articles from trending's read API (its data, not a copy of its database): per
 * category, the period's most read first, then the hottest now, without repeats. A trending outage is
 * an error for the caller (the edition is not made), never an empty or invented digest.
 */
@Injectable()
export class EditionBuilder {
  private readonly links: SiteLinks;

  constructor(
    @Inject(TRENDING_CLIENT) private readonly trending: TrendingReadClient,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
  ) {
    this.links = new SiteLinks(config.PUBLIC_SITE_URL);
  }

  async sections(edition: Pick<DueEdition, 'kind'>): Promise<DigestSection[]> {
    const [popular, hot] = await Promise.all([
      this.trending.popular(edition.kind === 'weekly' ? 'week' : 'day', MAX_LIST_LIMIT),
      this.trending.hotTopics(MAX_LIST_LIMIT),
    ]);
    const perCategory = this.config.NEWSLETTER_ARTICLES_PER_CATEGORY;
    return CATEGORY_SLUGS.map((category: CategorySlug) => {
      const seen = new Set<string>();
      const articles: DigestArticle[] = [];
      const take = (items: TrendingReadItem[], reason: DigestArticle['reason']) => {
        for (const item of items) {
          if (articles.length >= perCategory) return;
          if (item.primaryCategory !== category || seen.has(item.id)) continue;
          seen.add(item.id);
          articles.push(this.toArticle(item, reason));
        }
      };
      take(popular, 'popular');
      take(hot, 'hot');
      return { category, articles };
    }).filter((section) => section.articles.length > 0);
  }

  private toArticle(item: TrendingReadItem, reason: DigestArticle['reason']): DigestArticle {
    return {
      id: item.id,
      type: item.type,
      title: item.title,
      summary: item.summary,
      url: this.links.article(item.type, item.id),
      imageUrl: this.absoluteImage(item.imageUrl),
      publishedAt: item.publishedAt,
      views: item.views,
      reason,
    };
  }

  /** Mail clients need absolute https (or the site's own) image URLs; anything else is left out. */
  private absoluteImage(url: string | null): string | null {
    if (!url) return null;
    if (url.startsWith('/') && !url.startsWith('//')) return this.config.PUBLIC_SITE_URL + url;
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' || parsed.origin === this.config.PUBLIC_SITE_URL
        ? parsed.href
        : null;
    } catch {
      return null;
    }
  }
}
