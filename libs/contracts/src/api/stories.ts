import { z } from 'zod';
import { CONTENT_TYPES } from './taxonomy';

/**
 * One source's coverage in a story's timeline: the Korean article that carries it (our page) and the
 * source's own item (its name, address and original title). An article clustered from three sources is
 * three entries; each entry's time is when its source published it.
 */
export const storyEntrySchema = z
  .object({
    articleId: z.string(),
    articleType: z.enum(CONTENT_TYPES),
    /** Our page of the article ('/news/{id}', '/insights/{id}'), inside the news remote. */
    articlePath: z.string(),
    /** The Korean title and summary of the article. */
    title: z.string(),
    summary: z.string(),
    /** The source's name, its own page of the story and its title (in its language); null for an article without one. */
    sourceName: z.string().nullable(),
    sourceUrl: z.string().nullable(),
    sourceTitle: z.string().nullable(),
    /** When the source published it (its feed's date), else when our article was published; ISO 8601, UTC. */
    publishedAt: z.string(),
  })
  .meta({ id: 'StoryEntry' });
export type StoryEntry = z.output<typeof storyEntrySchema>;

/**
 * GET /api/stories/{id}: every published article of a story across its sources, as a timeline newest
 * first. `title` is the Korean title of the story's first published article: the story keeps one name as
 * sources join it, so its page's head does not change with each. `firstSeenAt` is the earliest entry's time.
 */
export const storySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    firstSeenAt: z.string(),
    /** Published articles of the story, and the distinct sources named among its entries. */
    articleCount: z.number(),
    sourceCount: z.number(),
    entries: z.array(storyEntrySchema),
  })
  .meta({ id: 'Story' });
export type Story = z.output<typeof storySchema>;

export const storyResponseSchema = z
  .object({
    story: storySchema,
  })
  .meta({ id: 'StoryResponse' });
export type StoryResponse = z.output<typeof storyResponseSchema>;
