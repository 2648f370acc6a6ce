import { z } from 'zod';
import { strictParams, textField } from './params';

/**
 * The search synonyms admins add without a deploy (docs/services.md 'The content service': search that forgives): each group is
 * spellings of one thing ('하닉', 'SK하이닉스'), applied on top of the maintained dictionary
 * (libs/platform/src/search/synonyms/synonyms.ko.ts) to the article index at once.
 */
export const SYNONYM_GROUP_LIMITS = { spellings: 20, length: 100 } as const;

const WORD = /[\p{L}\p{N}]/u;

/** POST /api/content/admin/search/synonyms. */
export const addSynonymGroupBodySchema = strictParams({
  spellings: z
    .array(
      textField('spellings', { min: 1, max: SYNONYM_GROUP_LIMITS.length }).refine((s) => WORD.test(s), {
        error: 'spellings must each hold a letter or digit',
      }),
      { error: () => 'spellings is required and must be a list of text' },
    )
    .min(2, { error: 'spellings must list at least 2 spellings' })
    .max(SYNONYM_GROUP_LIMITS.spellings, {
      error: `spellings must list at most ${SYNONYM_GROUP_LIMITS.spellings} spellings`,
    }),
});
export type AddSynonymGroupBody = z.output<typeof addSynonymGroupBodySchema>;

export const synonymGroupSchema = z
  .object({
    id: z.string(),
    spellings: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'SynonymGroup' });
export type SynonymGroup = z.output<typeof synonymGroupSchema>;

/** GET /api/content/admin/search/synonyms: the dictionary's groups and those admins added. */
export const synonymsResponseSchema = z
  .object({
    dictionary: z.array(z.array(z.string())),
    added: z.array(synonymGroupSchema),
  })
  .meta({ id: 'SynonymsResponse' });
export type SynonymsResponse = z.output<typeof synonymsResponseSchema>;
