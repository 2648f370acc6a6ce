import { z } from 'zod';
import { strictParams } from './params';
import { READER_STATE_LIMITS, type ReaderStateField } from './reader-state';

/**
 * The reader-state call's query, as the community service parses it. Apart from reader-state.ts, which the
 * browser bundles import: zod would come with it.
 */

// Post ids are opaque; a tech analysis is named by its slug, which may be Korean.
const ID = /^[\p{L}\p{N}_-]{1,200}$/u;

const idList = (field: ReaderStateField) => {
  const most = READER_STATE_LIMITS[field];
  return z
    .string({ error: () => `${field} must be text` })
    .transform((text) => [...new Set(text.split(',').filter((id) => id.length > 0))])
    .pipe(
      z
        .array(z.string().regex(ID, { error: `${field} must list ids of 1 to 200 letters, digits, _ or -` }))
        .max(most, { error: `${field} must name at most ${most} ids` }),
    )
    .optional()
    .transform((ids) => ids ?? []);
};

/** GET /api/community/me/state: each field a comma-separated list of ids, none required. */
export const readerStateQuerySchema = strictParams({
  questions: idList('questions'),
  answers: idList('answers'),
  comments: idList('comments'),
  articles: idList('articles'),
  insights: idList('insights'),
  techAnalyses: idList('techAnalyses'),
});
export type ReaderStateQuery = z.output<typeof readerStateQuerySchema>;
