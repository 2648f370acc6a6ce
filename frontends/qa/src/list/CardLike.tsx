import type { Question } from '@pulse/contracts';
import { askReaderState, Icon, toast, useCurrentUser } from '@pulse/frontend-ui';
import { useEffect, useRef, useState } from 'react';
import { voteQuestion } from '../api';
import { COPY } from '../copy';

/**
 * A card's like: the question's up-vote, disabled without a nickname (docs/spec-community.md §2). The count
 * is the list's until the reader votes, then the server's answer. The list is the same for every reader,
 * so it carries no one's vote: the highlight comes from the reader-state call (the page's cards and their
 * bookmark buttons ask together), until the reader votes here and the vote's answer gives it.
 */
export function CardLike({ question }: { question: Question }) {
  const user = useCurrentUser();
  const userId = user?.id;
  const [shown, setShown] = useState<{ upvotes: number; on: boolean }>({
    upvotes: question.upvotes,
    on: false,
  });
  const [busy, setBusy] = useState(false);
  const votedHere = useRef(false);
  useEffect(() => {
    if (!userId) {
      // Signed out: no one's vote is shown.
      setShown((current) => (current.on ? { ...current, on: false } : current));
      return undefined;
    }
    let live = true;
    askReaderState({ questions: [question.id] }).then(
      (state) => {
        const on = state.questions[question.id]?.vote === 'upvote';
        if (live && !votedHere.current) setShown((current) => ({ ...current, on }));
      },
      () => undefined, // no highlight: voting still works, and its answer sets it
    );
    return () => {
      live = false;
    };
  }, [userId, question.id]);
  const like = () => {
    setBusy(true);
    votedHere.current = true;
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
