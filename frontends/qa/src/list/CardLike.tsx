import type { Question } from '@pulse/contracts';
import { Icon, toast, useCurrentUser } from '@pulse/frontend-ui';
import { useState } from 'react';
import { voteQuestion } from '../api';
import { COPY } from '../copy';

/**
 * A card's like: the question's up-vote, disabled without a nickname (docs/spec-community.md §2). The count
 * is the list's until the reader votes, then the server's answer; the highlight is the reader's vote as
 * that answer gives it (the list itself is the same for every reader, so it carries no one's vote).
 */
export function CardLike({ question }: { question: Question }) {
  const user = useCurrentUser();
  const [shown, setShown] = useState<{ upvotes: number; on: boolean }>({
    upvotes: question.upvotes,
    on: false,
  });
  const [busy, setBusy] = useState(false);
  const like = () => {
    setBusy(true);
    voteQuestion(question.id)
      .then(({ data }) => setShown({ upvotes: data.upvotes, on: data.viewerVote === 'upvote' }))
      .catch((error: Error) =>
        toast({ title: COPY.voteFailed, description: error.message, variant: 'destructive' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={shown.on ? 'qa-vote qa-vote--on' : 'qa-vote'}
      aria-pressed={shown.on}
      aria-label={`${COPY.likes} ${shown.upvotes}`}
      disabled={!user || busy}
      onClick={like}
    >
      <Icon name={shown.on ? 'heart-filled' : 'heart'} /> {shown.upvotes}
    </button>
  );
}
