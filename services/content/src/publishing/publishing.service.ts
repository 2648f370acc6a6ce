import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { Inject, Injectable } from '@nestjs/common';
import {
  isGeneratedImageUrl,
  type ArticleTranslatedPayload,
  type TrendingScoresUpdatedPayload,
} from '@pulse/contracts';
import { LOGGER, OUTBOX, OutboxWriter } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticleChanges } from '../articles/article-changes';
import { ZERO_ENGAGEMENT, type ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { koreanPublishedAt, publishedEvents, translatedFields } from './translated-article';

/** A re-translation retries this often when the article changes between its read and its write. */
const UPDATE_ATTEMPTS = 5;

export type PublishOutcome = 'published' | 'updated' | 'unchanged' | 'held';

/**
 * Turns article.translated into a stored, published article and article.published (docs/design.md §1), and
 * applies trending's scores. Idempotent: a redelivered or older event changes nothing.
 */
@Injectable()
export class PublishingService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly changes: ArticleChanges,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
  ) {}

  async onTranslated(payload: ArticleTranslatedPayload): Promise<PublishOutcome> {
    const fields = translatedFields(payload);
    const state = payload.translationStatus === 'held' ? 'held' : 'published';
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.articles.findById(payload.articleId);
      if (!current) {
        const record: ArticleRecord = {
          _id: payload.articleId,
          ...fields,
          ...ZERO_ENGAGEMENT,
          state,
          publishedAt: payload.translatedAt,
          createdAt: payload.translatedAt,
          updatedAt: payload.translatedAt,
          techMeta: null,
          ...koreanPublishedAt(null, payload, state),
          ...(payload.sample ? { sample: true as const } : {}),
        };
        if (await this.articles.insert(record, this.eventsFor(record))) return this.done(record, state);
        continue; // inserted meanwhile by another consumer: read it and compare versions
      }
      if (current.sourceVersion !== null && current.sourceVersion >= payload.translatedAt) return 'unchanged';
      // A held article stays where an editor left it; a published one stays published.
      const nextState = current.state === 'published' ? 'published' : state;
      // A cover generated because the source's image failed (docs/spec-content.md §4: one attempt per article) stays.
      if (isGeneratedImageUrl(current.imageUrl)) fields.imageUrl = current.imageUrl;
      const live = koreanPublishedAt(current, payload, nextState);
      const next: ArticleRecord = {
        ...current,
        ...fields,
        ...live,
        state: nextState,
        updatedAt: payload.translatedAt,
      };
      const applied = await this.articles.updateIfUnchanged(
        current._id,
        { sourceVersion: current.sourceVersion },
        { ...fields, ...live, state: nextState, updatedAt: payload.translatedAt },
        this.eventsFor(next),
      );
      if (applied) {
        await this.notify(next);
        return nextState === 'published' ? 'updated' : 'held';
      }
    }
    throw new Error(`article ${payload.articleId} kept changing; the event will be retried`);
  }

  /** Applies a trending batch; a batch older than the one an article already has is skipped for it. */
  async onScores(payload: TrendingScoresUpdatedPayload): Promise<number> {
    let applied = 0;
    for (const score of payload.scores) {
      const changed = await this.articles.applyScores(
        score.articleId,
        { hotScore: score.hotScore, viewsPerHour: score.viewsPerHour, isHotTopic: score.isHotTopic },
        payload.computedAt,
      );
      if (changed) applied += 1;
    }
    return applied;
  }

  private eventsFor(record: ArticleRecord) {
    return record.state === 'published'
      ? publishedEvents(this.outbox, record, this.site.PUBLIC_SITE_URL)
      : [];
  }

  private async done(record: ArticleRecord, state: ArticleRecord['state']): Promise<PublishOutcome> {
    await this.notify(record);
    return state === 'published' ? 'published' : 'held';
  }

  private async notify(record: ArticleRecord): Promise<void> {
    try {
      await this.changes.changed(record);
    } catch (error) {
      this.logger.error({ err: error, articleId: record._id }, 'a listener failed after an article changed');
    }
  }
}
