import type { ContentType } from './taxonomy';

/**
 * One source's coverage in a story's timeline: the Korean article that carries it (our page) and the
 * source's own item (its name, address and original title). An article clustered from three sources is
 * three entries; each entry's time is when its source published it.
 */
export interface StoryEntry {
  articleId: string;
  articleType: ContentType;
  /** Our page of the article ('/news/{id}', '/insights/{id}'), inside the news remote. */
  articlePath: string;
  /** The Korean title and summary of the article. */
  title: string;
  summary: string;
  /** The source's name, its own page of the story and its title (in its language); null for an article without one. */
  sourceName: string | null;
  sourceUrl: string | null;
  sourceTitle: string | null;
  /** When the source published it (its feed's date), else when our article was published; ISO 8601, UTC. */
  publishedAt: string;
}

/**
 * GET /api/stories/{id}: every published article of a story across its sources, as a timeline newest
 * first. `title` is the Korean title of the story's first published article: the story keeps one name as
 * sources join it, so its page's head does not change with each. `firstSeenAt` is the earliest entry's time.
 */
export interface Story {
  id: string;
  title: string;
  firstSeenAt: string;
  /** Published articles of the story, and the distinct sources named among its entries. */
  articleCount: number;
  sourceCount: number;
  entries: StoryEntry[];
}

export interface StoryResponse {
  story: Story;
}
