import { z } from 'zod';
import { sourceIdSchema } from '../sources/source.dto';

export const listRunsQuerySchema = z.object({
  sourceId: sourceIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListRunsQuery = z.output<typeof listRunsQuerySchema>;

/** POST /runs: one source, or every unpaused source when sourceId is absent. */
export const triggerRunsSchema = z.object({ sourceId: sourceIdSchema.optional() }).strict().default({});
export type TriggerRunsDto = z.output<typeof triggerRunsSchema>;
