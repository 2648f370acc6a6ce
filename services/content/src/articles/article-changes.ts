import { Injectable } from '@nestjs/common';
import type { ArticleRecord } from './article.record';

export type ArticleChangeListener = (article: ArticleRecord) => Promise<void> | void;

/**
 * In-process notice that an article's stored content changed (published, re-translated, authored, new
 * image), for what derives from it: the search index, cached responses, feeds. Listeners run after the
 * store write; one that fails is logged by the caller and does not undo the write — each derived view
 * also rebuilds itself from the store at start, so a crash between the two loses nothing for good.
 */
@Injectable()
export class ArticleChanges {
  private readonly listeners: ArticleChangeListener[] = [];

  onChange(listener: ArticleChangeListener): void {
    this.listeners.push(listener);
  }

  async changed(article: ArticleRecord): Promise<void> {
    for (const listener of this.listeners) await listener(article);
  }
}
