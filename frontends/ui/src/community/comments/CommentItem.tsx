import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';
import { useState } from 'react';
import { PostedTime } from '../../PostedTime';
import { BadgeList } from '../BadgeList';
import type { GatedAction } from '../use-identity-gate';
import { CommentComposer } from './CommentComposer';
import { COMMENTS_COPY as COPY } from './copy';
import type { ShownComment } from './thread-edits';

export interface CommentActions {
  /** The reader's identity id, or null when signed out. */
  viewerId: string | null;
  require: (action: GatedAction) => void;
  react: (comment: ShownComment, voteType: 'like' | 'dislike') => void;
  reply: (parent: ShownComment, text: string) => Promise<boolean>;
  edit: (comment: ShownComment, text: string) => Promise<boolean>;
  remove: (comment: ShownComment) => void;
  report: (comment: ShownComment) => void;
}

/** The drawn avatar: the picture when there is one, else the nickname's first letter. */
function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img className="comment__avatar" src={src} alt="" width={36} height={36} />;
  return (
    <span className="comment__avatar" aria-hidden="true">
      {[...name.trim()][0] ?? '?'}
    </span>
  );
}

/**
 * One comment and, nested, its replies (docs/spec-community.md §2): avatar, name, badges, time, '수정됨', likes and
 * dislikes, reply below depth 3; edit and delete only on the reader's own comments. The text is rendered
 * as text: markup in a comment shows as the characters it is.
 */
export function CommentItem({ comment, actions }: { comment: ShownComment; actions: CommentActions }) {
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  if (comment.gone) return null;
  const own = actions.viewerId !== null && comment.author.id === actions.viewerId && !comment.removed;
  const canReply = comment.depth < COMMUNITY_LIMITS.commentMaxDepth && !comment.removed && !comment.pending;
  const shownReplies = comment.replies.filter((reply) => !reply.gone);
  const name = comment.author.displayName;

  return (
    <li
      className={`comment comment--depth-${comment.depth}${comment.removed ? ' comment--removed' : ''}`}
      data-comment-id={comment.id}
      aria-busy={comment.pending || undefined}
    >
      <article className="comment__body" aria-label={comment.removed ? comment.content : `${name}의 댓글`}>
        {comment.removed ? (
          <p className="comment__text comment__text--removed">{comment.content}</p>
        ) : (
          <>
            <header className="comment__head">
              <Avatar name={name} src={comment.author.avatar} />
              <span className="comment__author">{name}</span>
              <BadgeList badges={comment.author.badges} />
              <PostedTime value={comment.createdAt} className="comment__time" />
              {comment.isEdited && <span className="comment__edited">({COPY.edited})</span>}
              {comment.pending && <span className="comment__pending">{COPY.pending}…</span>}
            </header>
            {mode === 'edit' ? (
              <CommentComposer
                label={COPY.editLabel}
                min={COMMUNITY_LIMITS.commentEdit.min}
                max={COMMUNITY_LIMITS.commentEdit.max}
                initial={comment.content}
                submitLabel={COPY.save}
                require={actions.require}
                // The reader just pressed 수정: focus follows them into the editor they opened.
                // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the reader, not on page load
                autoFocus
                onCancel={() => setMode('view')}
                onSubmit={(text) => {
                  setMode('view');
                  return actions.edit(comment, text);
                }}
              />
            ) : (
              <p className="comment__text">{comment.content}</p>
            )}
            <div className="comment__actions">
              <ReactionButton comment={comment} value="like" actions={actions} />
              <ReactionButton comment={comment} value="dislike" actions={actions} />
              {canReply && (
                <button
                  type="button"
                  className="comment__action"
                  aria-expanded={mode === 'reply'}
                  onClick={() => actions.require(() => setMode(mode === 'reply' ? 'view' : 'reply'))}
                >
                  {COPY.reply}
                </button>
              )}
              {own && !comment.pending && (
                <>
                  <button type="button" className="comment__action" onClick={() => setMode('edit')}>
                    {COPY.edit}
                  </button>
                  <button type="button" className="comment__action" onClick={() => actions.remove(comment)}>
                    {COPY.delete}
                  </button>
                </>
              )}
              {!own && !comment.pending && (
                <button
                  type="button"
                  className="comment__action"
                  onClick={() => actions.require(() => actions.report(comment))}
                >
                  {COPY.report}
                </button>
              )}
            </div>
          </>
        )}
      </article>
      {mode === 'reply' && (
        <CommentComposer
          label={COPY.replyLabel}
          placeholder={COPY.replyPlaceholder}
          min={COMMUNITY_LIMITS.reply.min}
          max={COMMUNITY_LIMITS.reply.max}
          require={actions.require}
          // The reader just pressed 답글: focus follows them into the reply box they opened.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the reader, not on page load
          autoFocus
          onCancel={() => setMode('view')}
          onSubmit={async (text) => {
            // Open until the server confirms, so a refused reply's draft comes back in its box.
            const ok = await actions.reply(comment, text);
            if (ok) setMode('view');
            return ok;
          }}
        />
      )}
      {shownReplies.length > 0 && (
        <ol className="comment__replies">
          {shownReplies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} actions={actions} />
          ))}
        </ol>
      )}
    </li>
  );
}

function ReactionButton({
  comment,
  value,
  actions,
}: {
  comment: ShownComment;
  value: 'like' | 'dislike';
  actions: CommentActions;
}) {
  const count = value === 'like' ? comment.likes : comment.dislikes;
  const on = comment.viewerVote === value;
  const label = value === 'like' ? COPY.like : COPY.dislike;
  return (
    <button
      type="button"
      className={on ? 'comment__reaction comment__reaction--on' : 'comment__reaction'}
      aria-pressed={on}
      aria-label={`${label} ${count}`}
      disabled={comment.pending}
      onClick={() => actions.require(() => actions.react(comment, value))}
    >
      {label} {count}
    </button>
  );
}
