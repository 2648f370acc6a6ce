import { Injectable } from '@nestjs/common';
import { FeedCache } from './feed-cache';

/** Pages another area of the service wants in /sitemap.xml, by site-relative path. */
export interface SitemapSection {
  /** e.g. the tech analyses' /tech-analysis/{slug}, with when each last changed (ISO). */
  urls(): Promise<Array<{ path: string; lastmod?: string }>>;
}

/**
 * Where other areas add their pages to the sitemap (the tech analyses), so the feeds need not know their
 * storage: `add` a section once at start, and call `changed()` when its pages change.
 */
@Injectable()
export class SitemapSections {
  private readonly sections: SitemapSection[] = [];

  constructor(private readonly cache: FeedCache) {}

  add(section: SitemapSection): void {
    this.sections.push(section);
  }

  changed(): Promise<void> {
    return this.cache.invalidate();
  }

  async urls(): Promise<Array<{ path: string; lastmod?: string }>> {
    return (await Promise.all(this.sections.map((section) => section.urls()))).flat();
  }
}
