import { z } from 'zod';
import { oneOf, strictParams, textField } from './params';
import { CATEGORY_SLUGS } from './taxonomy';
import {
  ACTIVITY_KINDS,
  BOOKMARK_IDS_PER_QUERY,
  BOOKMARK_KINDS,
  DELETE_ME_CONFIRMATION,
  FOLLOW_KINDS,
  type FollowKind,
} from './community-me';

/**
 * The requests of the reader's own space, as the community service parses them. Kept apart from
 * community-me.ts, which the browser bundles import: these schemas are built when the module loads, so a
 * page importing them would carry zod.
 */

const idLike = /^[A-Za-z0-9_.:-]{1,200}$/;
const keyMessage: Record<FollowKind, string> = {
  category: `key must be one of: ${CATEGORY_SLUGS.join(', ')}`,
  tag: 'key must be a tag of 1 to 30 characters',
  source: 'key must be a source id of 1 to 200 letters, digits, _ . : or -',
  story: 'key must be a story id of 1 to 200 letters, digits, _ . : or -',
};

/** Whether `key` (already through followKeyOf) is a valid key of `kind`; the 400 names `key` otherwise. */
export const followKeyProblem = (kind: FollowKind, key: string): string | undefined => {
  const valid =
    kind === 'category'
      ? (CATEGORY_SLUGS as readonly string[]).includes(key)
      : kind === 'tag'
        ? key.length >= 1 && key.length <= 30 && !/[\p{Cc}\p{Cf}]/u.test(key)
        : idLike.test(key);
  return valid ? undefined : keyMessage[kind];
};

export const followKindSchema = oneOf('kind', FOLLOW_KINDS);
export const bookmarkKindSchema = oneOf('kind', BOOKMARK_KINDS);
/** A bookmarked item's id: an article or question id, or a tech analysis slug (which may be Korean). */
export const bookmarkIdSchema = z
  .string({ error: () => 'id is required' })
  .regex(/^[\p{L}\p{N}_-]{1,200}$/u, { error: 'id must be 1 to 200 letters, digits, _ or -' });
/** The path's key before normalising: bounded so a hostile value never reaches a store filter. */
export const followKeyParamSchema = z
  .string({ error: () => 'key is required' })
  .min(1, { error: 'key is required' })
  .max(200, { error: 'key must be at most 200 characters' });

/** PUT /api/community/me/follows/{kind}/{key} {label?}: the label is the reader's own name for it. */
export const followBodySchema = strictParams({
  label: textField('label', { min: 1, max: 100 }).optional(),
});
export type FollowBody = z.output<typeof followBodySchema>;

/** Cursors are opaque to clients: the last item's time and id. */
export const cursorParamSchema = z
  .string({ error: () => 'cursor must be text' })
  .regex(/^[A-Za-z0-9_-]{1,300}$/, { error: 'cursor must be a cursor this API returned' })
  .optional();

const bookmarkIdsSchema = z
  .string({ error: () => 'ids must be text' })
  .transform((text) => text.split(','))
  .pipe(
    z
      .array(bookmarkIdSchema.or(z.string().max(0)), { error: () => 'ids must be a comma-separated list' })
      .max(BOOKMARK_IDS_PER_QUERY, { error: `ids must name at most ${BOOKMARK_IDS_PER_QUERY} items` })
      .transform((ids) => [...new Set(ids.filter((id) => id.length > 0))])
      .refine((ids) => ids.length > 0, { error: 'ids must name at least one item' }),
  );

/**
 * GET /api/community/me/bookmarks?kind=&cursor=; `ids` (comma-separated, with `kind`) asks which of those
 * items are bookmarked: the answer lists just those (bookmark buttons on a page of cards ask once).
 */
export const bookmarkListQuerySchema = strictParams({
  kind: bookmarkKindSchema.optional(),
  ids: bookmarkIdsSchema.optional(),
  cursor: cursorParamSchema,
}).refine((query) => query.ids === undefined || query.kind !== undefined, {
  error: 'kind is required with ids',
  path: ['kind'],
});
export type BookmarkListQuery = z.output<typeof bookmarkListQuerySchema>;

/** GET /api/community/me/activity?kind=&cursor= */
export const activityQuerySchema = strictParams({
  kind: oneOf('kind', ACTIVITY_KINDS),
  cursor: cursorParamSchema,
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const deleteMeBodySchema = strictParams({
  confirm: z.literal(DELETE_ME_CONFIRMATION, {
    error: () => `confirm must be '${DELETE_ME_CONFIRMATION}'`,
  }),
});
export type DeleteMeBody = z.output<typeof deleteMeBodySchema>;
