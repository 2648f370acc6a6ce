import { ConflictException, Injectable } from '@nestjs/common';
import type { PostVersion, RevisedField } from '@pulse/contracts';
import type { AuthorSnapshot } from '../questions/question.record';
import { revisionId, type EditedMarks, type PostRevisionRecord } from './post-revision.record';
import { PostRevisionsRepository } from './post-revisions.repository';

export const EDIT_RACED = '다른 수정과 겹쳤습니다. 새로 고친 뒤 다시 시도해주세요.';

/** A question or answer as its edits and revisions read it. */
export interface RevisablePost extends EditedMarks {
  _id: string;
  authorId: string;
  author: AuthorSnapshot;
  createdAt: string;
  title?: string;
  content: string;
  tags?: string[];
}

/** The fields of `next` that differ from `post`, in the order an edit form shows them. */
export function changedFields(post: RevisablePost, next: Pick<RevisablePost, 'title' | 'content' | 'tags'>) {
  const changed: RevisedField[] = [];
  if (next.title !== undefined && next.title !== post.title) changed.push('title');
  if (next.content !== post.content) changed.push('content');
  if (next.tags !== undefined && next.tags.join('\n') !== (post.tags ?? []).join('\n')) changed.push('tags');
  return changed;
}

/**
 * The versions an edit leaves behind, for questions and answers alike. An edit first keeps the version it
 * replaces (keyed by post and version number, so of two edits from the same version only one goes on),
 * then changes the post; the list is the current text first, then each earlier one.
 */
@Injectable()
export class PostRevisions {
  constructor(private readonly revisions: PostRevisionsRepository) {}

  /** Keeps `post` as it is now; its id, to release if the edit then does not apply. 409 when raced. */
  async keep(kind: PostRevisionRecord['kind'], post: RevisablePost, replacedAt: string): Promise<string> {
    const version = post.version ?? 1;
    const id = revisionId(post._id, version);
    const kept = await this.revisions.claim({
      _id: id,
      postId: post._id,
      kind,
      version,
      editorId: post.authorId,
      editorName: post.author.displayName,
      writtenAt: post.editedAt ?? post.createdAt,
      replacedAt,
      ...(post.title !== undefined ? { title: post.title } : {}),
      content: post.content,
      ...(post.tags !== undefined ? { tags: post.tags } : {}),
      changed: post.lastChanged ?? [],
    });
    if (!kept) throw new ConflictException(EDIT_RACED);
    return id;
  }

  release(id: string): Promise<void> {
    return this.revisions.release(id);
  }

  /** The post's versions, newest (the current text) first. */
  async versions(post: RevisablePost): Promise<PostVersion[]> {
    const current: PostVersion = {
      version: post.version ?? 1,
      writtenAt: post.editedAt ?? post.createdAt,
      editor: { id: post.authorId, displayName: post.author.displayName },
      ...(post.title !== undefined ? { title: post.title } : {}),
      content: post.content,
      ...(post.tags !== undefined ? { tags: post.tags } : {}),
      changed: post.lastChanged ?? [],
    };
    const earlier = (await this.revisions.listOf(post._id)).map((revision): PostVersion => ({
      version: revision.version,
      writtenAt: revision.writtenAt,
      editor: { id: revision.editorId, displayName: revision.editorName },
      ...(revision.title !== undefined ? { title: revision.title } : {}),
      content: revision.content,
      ...(revision.tags !== undefined ? { tags: revision.tags } : {}),
      changed: revision.changed,
    }));
    return [current, ...earlier];
  }
}
