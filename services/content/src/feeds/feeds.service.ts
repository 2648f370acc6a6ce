import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CATEGORY_DEFINITIONS,
  FEED_CONTENT_TYPES,
  FEED_ITEM_LIMIT,
  resolveCategorySlug,
  type CategorySlug,
} from '@pulse/contracts';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { renderAtom } from './atom.renderer';
import type { FeedChannel } from './feed-channel';
import { feedDocument, type FeedDocument } from './feed-document';
import { FeedCache } from './feed-cache';
import {
  absoluteUrl,
  newestUpdate,
  PUBLICATION_NAME,
  SITE_DESCRIPTION,
  SITE_TAGLINE,
  toFeedEntry,
} from './feed-entry';
import { FeedArticlesRepository } from './feed-articles.repository';
import { renderJsonFeed } from './json-feed.renderer';
import { renderRss } from './rss.renderer';
import { CLOCK, type Clock } from '@pulse/platform';

/** docs/spec-content.md §8: an unknown category. */
export const CATEGORY_NOT_FOUND = 'Category not found';

/** A category feed asked for by a legacy or Korean name: answered with a redirect to this location. */
export class FeedRedirect {
  constructor(readonly location: string) {}
}

/** The site's RSS, Atom and JSON feeds and the per-category RSS feeds: the latest 50 articles each. */
@Injectable()
export class FeedsService {
  constructor(
    private readonly articles: FeedArticlesRepository,
    private readonly cache: FeedCache,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  rss(): Promise<FeedDocument> {
    return this.siteFeed('/rss.xml', renderRss, FEED_CONTENT_TYPES.rss);
  }

  atom(): Promise<FeedDocument> {
    return this.siteFeed('/atom.xml', renderAtom, FEED_CONTENT_TYPES.atom);
  }

  jsonFeed(): Promise<FeedDocument> {
    return this.siteFeed('/feed.json', renderJsonFeed, FEED_CONTENT_TYPES.jsonFeed);
  }

  /** /category/{slug}/rss.xml; a legacy or Korean name throws FeedRedirect to the slug's feed. */
  async categoryRss(name: string): Promise<FeedDocument> {
    const slug = this.categorySlug(name);
    const category = CATEGORY_DEFINITIONS[slug];
    return this.cache.document(`category:${slug}`, async () =>
      toDocument(
        await this.channel(slug, {
          title: `${PUBLICATION_NAME} - ${category.name}`,
          description: category.description,
          pagePath: `/category/${slug}`,
          selfPath: `/category/${slug}/rss.xml`,
        }),
        renderRss,
        FEED_CONTENT_TYPES.rss,
      ),
    );
  }

  private categorySlug(name: string): CategorySlug {
    const slug = resolveCategorySlug(name);
    if (!slug) throw new NotFoundException(CATEGORY_NOT_FOUND);
    if (slug !== name) throw new FeedRedirect(`/category/${slug}/rss.xml`);
    return slug;
  }

  /** The whole site's feed at `selfPath`, in one format. */
  private siteFeed(
    selfPath: string,
    render: (channel: FeedChannel) => string,
    contentType: string,
  ): Promise<FeedDocument> {
    return this.cache.document(selfPath, async () =>
      toDocument(
        await this.channel(undefined, {
          title: `${PUBLICATION_NAME} - ${SITE_TAGLINE}`,
          description: SITE_DESCRIPTION,
          pagePath: '/',
          selfPath,
        }),
        render,
        contentType,
      ),
    );
  }

  private async channel(
    category: CategorySlug | undefined,
    text: { title: string; description: string; pagePath: string; selfPath: string },
  ): Promise<FeedChannel> {
    const records = await this.articles.newest(FEED_ITEM_LIMIT, category);
    const entries = records.map((record) => toFeedEntry(record, this.site.PUBLIC_SITE_URL));
    return {
      title: text.title,
      description: text.description,
      pageUrl: absoluteUrl(this.site.PUBLIC_SITE_URL, text.pagePath),
      selfUrl: absoluteUrl(this.site.PUBLIC_SITE_URL, text.selfPath),
      entries,
      updated: newestUpdate(entries) ?? new Date(this.clock.now()).toISOString(),
    };
  }
}

/** An empty feed has no Last-Modified: nothing in it ever changed. */
const toDocument = (channel: FeedChannel, render: (channel: FeedChannel) => string, contentType: string) =>
  feedDocument(render(channel), contentType, channel.entries.length ? channel.updated : null);
