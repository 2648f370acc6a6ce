import { Injectable, NotFoundException } from '@nestjs/common';
import type { StoryResponse } from '@pulse/contracts';
import { ArticlesRepository } from '../articles/articles.repository';
import { toStory } from './story.mapper';

/** What an unknown story, or one whose every article is gone, is called (the page shows it). */
export const STORY_NOT_FOUND = '이 소식을 찾을 수 없습니다. 기사가 내려갔거나 주소가 잘못되었을 수 있습니다.';
/**
 * The most articles one story page reads. Ingestion writes one article per cluster and a cluster keeps
 * gaining sources, so a story rarely has more than one; this bounds a pathological one.
 */
export const STORY_ARTICLES_LIMIT = 100;

/** A story's timeline: every published article of it, across its sources. */
@Injectable()
export class StoriesService {
  constructor(private readonly articles: ArticlesRepository) {}

  /** GET /api/stories/:id; 404 when none of its articles is published. */
  async story(id: string): Promise<StoryResponse> {
    const records = await this.articles.storyArticles(id, STORY_ARTICLES_LIMIT);
    if (records.length === 0) throw new NotFoundException(STORY_NOT_FOUND);
    return { story: toStory(id, records) };
  }
}
