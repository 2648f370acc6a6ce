import { communityOk, questionTagSchema } from './community-responses';
import { z } from 'zod';
import { COMMUNITY_LIMITS as L } from './community-constants';
import { strictParams, textField } from './params';

/**
 * Edits of questions and answers by their authors, the revisions they leave, and the Markdown preview
 * (services/community/README.md 'Markdown' and 'Edits and revisions'). Chosen here: the seed has no edits.
 *
 * Markdown: posts are written in Markdown and the server renders them to HTML (`bodyHtml`) with raw HTML
 * off, then passes the result through an allowlist, so a page may show `bodyHtml` as HTML and nothing else
 * from a post.
 */

const tagsField = z
  .array(textField('tag', L.tagLength), { error: () => 'tags must be a list of text' })
  .max(L.questionTags.max, { error: `tags must have at most ${L.questionTags.max} entries` })
  .refine((tags) => new Set(tags).size === tags.length, { error: 'tags must not repeat' });

/** PATCH /api/community/questions/{id} {title?, content?, tags?}: what changes, with the ask form's bounds. */
export const editQuestionBodySchema = strictParams({
  title: textField('title', L.questionTitle).optional(),
  content: textField('content', L.questionContent).optional(),
  tags: tagsField.optional(),
}).refine((body) => body.title !== undefined || body.content !== undefined || body.tags !== undefined, {
  error: 'title, content or tags: at least one is required',
});
export type EditQuestionBody = z.output<typeof editQuestionBodySchema>;

/** PATCH /api/community/answers/{id} {content}: the answer form's bounds. */
export const editAnswerBodySchema = strictParams({ content: textField('content', L.answer) });
export type EditAnswerBody = z.output<typeof editAnswerBodySchema>;

/** POST /api/community/markdown/preview {content}: rendered, never stored; the question's bound. */
export const markdownPreviewBodySchema = strictParams({
  content: textField('content', { min: 1, max: L.questionContent.max }),
});
export type MarkdownPreviewBody = z.output<typeof markdownPreviewBodySchema>;

export const markdownPreviewResponseSchema = communityOk(
  z.object({
    html: z.string(),
  }),
);
export type MarkdownPreviewResponse = z.output<typeof markdownPreviewResponseSchema>;

/** The fields an edit can change; an answer has only `content`. */
export const revisedFieldSchema = z.enum(['title', 'content', 'tags']);
export type RevisedField = z.output<typeof revisedFieldSchema>;

/**
 * One version of a post, newest first in the list: the current text first, then each earlier one. `changed`
 * names what this version changed from the one before it (empty for the first version).
 */
export const postVersionSchema = z
  .object({
    /** 1 for the text as first posted, counting up with each edit. */
    version: z.number(),
    /** When this version was written (the post's createdAt for version 1). */
    writtenAt: z.string(),
    /** Who wrote it: only a post's author edits it. */
    editor: z.object({
      id: z.string(),
      displayName: z.string(),
    }),
    /** Questions only. */
    title: z.string().optional(),
    content: z.string(),
    /** Questions only. */
    tags: z.array(questionTagSchema).optional(),
    changed: z.array(revisedFieldSchema),
  })
  .meta({ id: 'PostVersion' });
export type PostVersion = z.output<typeof postVersionSchema>;

/** GET /api/community/questions/{id}/revisions and /answers/{id}/revisions. */
export const postRevisionsResponseSchema = communityOk(
  z.object({
    versions: z.array(postVersionSchema),
  }),
);
export type PostRevisionsResponse = z.output<typeof postRevisionsResponseSchema>;
