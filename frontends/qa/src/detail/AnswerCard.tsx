import type { Answer } from '@pulse/contracts';
import { BadgeList, Icon, PostedTime } from '@pulse/frontend-ui';
import { useState } from 'react';
import { editAnswer } from '../api';
import { COPY } from '../copy';
import { PostBody } from '../markdown';
import { authorName, isAnonymousPost } from '../question-view';
import { LazyPostEditor } from './lazy-editor';
import { RevisionHistory } from './RevisionHistory';
import type { VotedAnswer } from './use-votes';

export interface AnswerActions {
  canAccept: boolean;
  canDelete: boolean;
  /** The server says the reader wrote it (the votes call's `mine`, or the answer it just posted). */
  canEdit: boolean;
  onEdited: (answer: Answer) => void;
  onVote: (answer: VotedAnswer, vote: 'upvote' | 'downvote') => void;
  onAccept: (answer: VotedAnswer) => void;
  onDelete: (answer: VotedAnswer) => void;
  onReport: (answer: VotedAnswer) => void;
}

/**
 * One answer (with the reader's vote): author, anonymous and accepted badges, '(수정됨)' and its history,
 * accept/edit/delete for who may, votes. Editing swaps the body for the inline form.
 */
export function AnswerCard({ answer, actions }: { answer: VotedAnswer; actions: AnswerActions }) {
  const [editing, setEditing] = useState(false);
  return (
    <li
      className={answer.isAccepted ? 'qa-answer qa-answer--accepted' : 'qa-answer'}
      data-answer-id={answer.id}
    >
      <div className="qa-answer__head">
        <span className="qa-author">
          {authorName(answer)}
          {isAnonymousPost(answer) && <span className="qa-chip qa-chip--anon">{COPY.anonymous}</span>}
          <BadgeList badges={answer.user?.badges} />
        </span>
        {answer.isAccepted && <span className="qa-chip qa-chip--resolved">{COPY.accepted}</span>}
        <PostedTime value={answer.createdAt} />
        {answer.editedAt && <span className="qa-edited">({COPY.edited})</span>}
      </div>
      {editing ? (
        <LazyPostEditor
          initial={{ content: answer.content }}
          label={COPY.editAnswerLabel}
          onCancel={() => setEditing(false)}
          save={async ({ content }) => {
            const { data } = await editAnswer(answer.id, content);
            actions.onEdited(data);
            setEditing(false);
          }}
        />
      ) : (
        <PostBody html={answer.bodyHtml} text={answer.content} />
      )}
      {answer.editedAt && <RevisionHistory kind="answers" id={answer.id} editedAt={answer.editedAt} />}
      <div className="qa-answer__actions">
        <button
          type="button"
          className={answer.viewerVote === 'upvote' ? 'qa-vote qa-vote--on' : 'qa-vote'}
          aria-pressed={answer.viewerVote === 'upvote'}
          aria-label={`${COPY.upvote} ${answer.upvotes}`}
          onClick={() => actions.onVote(answer, 'upvote')}
        >
          <Icon name="arrow-up" /> {answer.upvotes}
        </button>
        <button
          type="button"
          className={answer.viewerVote === 'downvote' ? 'qa-vote qa-vote--on' : 'qa-vote'}
          aria-pressed={answer.viewerVote === 'downvote'}
          aria-label={`${COPY.downvote} ${answer.downvotes}`}
          onClick={() => actions.onVote(answer, 'downvote')}
        >
          <Icon name="arrow-down" /> {answer.downvotes}
        </button>
        {actions.canAccept && !answer.isAccepted && (
          <button type="button" className="button button--outline" onClick={() => actions.onAccept(answer)}>
            {COPY.accept}
          </button>
        )}
        {!actions.canDelete && (
          <button type="button" className="button button--outline" onClick={() => actions.onReport(answer)}>
            {COPY.report}
          </button>
        )}
        {actions.canEdit && !editing && (
          <button type="button" className="button button--outline" onClick={() => setEditing(true)}>
            {COPY.edit}
          </button>
        )}
        {actions.canDelete && (
          <button type="button" className="button button--outline" onClick={() => actions.onDelete(answer)}>
            {COPY.delete}
          </button>
        )}
      </div>
    </li>
  );
}
