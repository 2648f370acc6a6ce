import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, OUTBOX, OutboxWriter } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import type { ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { publishedEvents } from '../publishing/translated-article';

/** A concurrent re-translation may change the article between read and write; this many tries. */
const ATTEMPTS = 5;

/**
 * Points an article at its generated image. A published article re-announces itself
 * (article.published, in the same write) so trending and the newsletter show the new image too; the
 * in-process change notice refreshes cached responses, feeds and the search index.
 */
@Injectable()
export class ArticleImageLink {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly changes: ArticleChanges,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
  ) {}

  async apply(articleId: string, imageUrl: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const current = await this.articles.findById(articleId);
      if (!current || current.imageUrl === imageUrl) return;
      const next: ArticleRecord = { ...current, imageUrl };
      const events =
        next.state === 'published' ? publishedEvents(this.outbox, next, this.site.PUBLIC_SITE_URL) : [];
      const applied = await this.articles.updateIfUnchanged(
        articleId,
        // The version fields make a lost race a no-op (then read again), not a stale event.
        { updatedAt: current.updatedAt, sourceVersion: current.sourceVersion, imageUrl: current.imageUrl },
        { imageUrl },
        events,
      );
      if (!applied) continue;
      try {
        await this.changes.changed(next);
      } catch (error) {
        this.logger.error({ err: error, articleId }, 'a listener failed after an article image changed');
      }
      return;
    }
    throw new Error(`article ${articleId} kept changing while its image was being set`);
  }
}
