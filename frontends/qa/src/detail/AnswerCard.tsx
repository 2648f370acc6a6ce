import { BadgeList, Icon, PostedTime } from '@pulse/frontend-ui';
import { COPY } from '../copy';
import { linksClickableFor, SimpleMarkdown } from '../markdown';
import { authorName, isAnonymousPost, isEditedAnswer } from '../question-view';
import type { VotedAnswer } from './use-votes';

export interface AnswerActions {
  canAccept: boolean;
  canDelete: boolean;
  onVote: (answer: VotedAnswer, vote: 'upvote' | 'downvote') => void;
  onAccept: (answer: VotedAnswer) => void;
  onDelete: (answer: VotedAnswer) => void;
  onReport: (answer: VotedAnswer) => void;
}

/** One answer (with the reader's vote): author, anonymous and accepted badges, 'edited', accept/delete for who may, votes. */
export function AnswerCard({ answer, actions }: { answer: VotedAnswer; actions: AnswerActions }) {
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
        {isEditedAnswer(answer) && <span className="qa-edited">({COPY.edited})</span>}
      </div>
      <SimpleMarkdown text={answer.content} links={linksClickableFor(answer.user)} />
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
        {actions.canDelete && (
          <button type="button" className="button button--outline" onClick={() => actions.onDelete(answer)}>
            {COPY.delete}
          </button>
        )}
      </div>
    </li>
  );
}
