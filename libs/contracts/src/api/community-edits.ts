import { z } from 'zod';
import type { CommunityOk, QuestionTag } from './community';
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
export type MarkdownPreviewResponse = CommunityOk<{ html: string }>;

/** The fields an edit can change; an answer has only `content`. */
export type RevisedField = 'title' | 'content' | 'tags';

/**
 * One version of a post, newest first in the list: the current text first, then each earlier one. `changed`
 * names what this version changed from the one before it (empty for the first version).
 */
export interface PostVersion {
  /** 1 for the text as first posted, counting up with each edit. */
  version: number;
  /** When this version was written (the post's createdAt for version 1). */
  writtenAt: string;
  /** Who wrote it: only a post's author edits it. */
  editor: { id: string; displayName: string };
  /** Questions only. */
  title?: string;
  content: string;
  /** Questions only. */
  tags?: QuestionTag[];
  changed: RevisedField[];
}

/** GET /api/community/questions/{id}/revisions and /answers/{id}/revisions. */
export type PostRevisionsResponse = CommunityOk<{ versions: PostVersion[] }>;
