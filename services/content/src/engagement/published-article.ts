import { NotFoundException } from '@nestjs/common';
import type { ArticlesRepository } from '../articles/articles.repository';
import { ARTICLE_NOT_FOUND } from '../articles/articles.service';
import type { CountedArticle } from './engagement-applier';

/** The published article a reader engages with, or the detail page's 404 ('Article not found'). */
export async function requirePublished(articles: ArticlesRepository, id: string): Promise<CountedArticle> {
  const article = await articles.findPublished(id);
  if (!article) throw new NotFoundException(ARTICLE_NOT_FOUND);
  return article;
}
