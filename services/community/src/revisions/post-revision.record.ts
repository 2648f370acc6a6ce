import type { RevisedField } from '@pulse/contracts';

/**
 * An earlier version of a question or answer, as stored in `community_post_revisions` when its author
 * edits it. The id is the post's id and the version's number, so two edits racing from the same version
 * cannot both store it (the second is refused).
 */
export interface PostRevisionRecord {
  _id: string;
  postId: string;
  kind: 'question' | 'answer';
  version: number;
  /** Who wrote this version: a post's author is its only editor. */
  editorId: string;
  editorName: string;
  writtenAt: string;
  /** When the next version replaced it. */
  replacedAt: string;
  title?: string;
  content: string;
  tags?: string[];
  /** What this version changed from the one before it (empty for the first). */
  changed: RevisedField[];
}

/** What an edited post keeps about its own version (absent on posts never edited: version 1). */
export interface EditedMarks {
  version?: number;
  editedAt?: string;
  /** What the current version changed from the one before it. */
  lastChanged?: RevisedField[];
}

export const revisionId = (postId: string, version: number): string => `${postId}.v${version}`;
