import type { Answer, AnswerViewerVote, QuestionViewerVote, QuestionViewerVotes } from '@pulse/contracts';
import { toast, useApiQueryClient } from '@pulse/frontend-ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchViewerVotes, voteAnswer, voteQuestion } from '../api';
import { COPY } from '../copy';

type QuestionVote = { upvotes: number; viewerVote: QuestionViewerVote };
type AnswerVote = Pick<Answer, 'upvotes' | 'downvotes'> & { viewerVote: AnswerViewerVote };
/** An answer as the page shows it: the shared answer with the reader's own vote merged in. */
export type VotedAnswer = Answer & { viewerVote: AnswerViewerVote };

const NO_VOTES: QuestionViewerVotes = { question: null, answers: {}, mine: { question: false, answers: [] } };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const failed = (error: unknown) =>
  toast({ title: COPY.voteFailed, description: messageOf(error), variant: 'destructive' });

/** A question's like toggled the way the server toggles it: the same again withdraws it. */
export function toggledQuestionVote({ upvotes, viewerVote }: QuestionVote): QuestionVote {
  return viewerVote === 'upvote'
    ? { upvotes: Math.max(0, upvotes - 1), viewerVote: null }
    : { upvotes: upvotes + 1, viewerVote: 'upvote' };
}

/** An answer's vote toggled the way the server toggles it: the same again withdraws, the other replaces. */
export function toggledAnswerVote(before: AnswerVote, vote: 'upvote' | 'downvote'): AnswerVote {
  const from = before.viewerVote ?? null;
  const to = from === vote ? null : vote;
  const delta = (value: 'upvote' | 'downvote') => (to === value ? 1 : 0) - (from === value ? 1 : 0);
  return {
    upvotes: Math.max(0, before.upvotes + delta('upvote')),
    downvotes: Math.max(0, before.downvotes + delta('downvote')),
    viewerVote: to,
  };
}

/** The reader's votes as the page shows them (an answer without an entry: no vote). */
export interface ShownVotes {
  question: QuestionViewerVote;
  answers: Record<string, AnswerViewerVote>;
}

/**
 * The reader's own votes on the question and its answers. The question and answer reads are the same for
 * every reader (and may come from a shared cache), so the votes are their own call, read when the identity
 * changes; none is asked for with no one signed in. The votes the reader makes here are the server's
 * answers to them and win over any read, so a read that started before a vote was written cannot undo it.
 * A failed read shows no votes: voting still works, and its answer sets them.
 */
export function useViewerVotes(questionId: string, signedInAs: string | undefined) {
  const [read, setRead] = useState<QuestionViewerVotes>(NO_VOTES);
  const [own, setOwn] = useState<{
    question?: QuestionViewerVote;
    answers: Record<string, AnswerViewerVote>;
  }>({
    answers: {},
  });
  const previous = useRef({ questionId, signedInAs });
  useEffect(() => {
    const before = previous.current;
    // Another question, or another identity after one (signing in from none keeps the vote that asked for it).
    if (
      before.questionId !== questionId ||
      (before.signedInAs !== undefined && before.signedInAs !== signedInAs)
    )
      setOwn({ answers: {} });
    previous.current = { questionId, signedInAs };
    setRead(NO_VOTES);
    if (!signedInAs) return undefined;
    let live = true;
    fetchViewerVotes(questionId).then(
      ({ data }) => {
        if (live) setRead(data);
      },
      (error: unknown) => console.warn('[펄스] 내 투표를 불러오지 못했습니다.', error),
    );
    return () => {
      live = false;
    };
  }, [questionId, signedInAs]);
  const votes = useMemo<ShownVotes>(
    () =>
      signedInAs
        ? {
            question: own.question === undefined ? read.question : own.question,
            answers: { ...read.answers, ...own.answers },
          }
        : { question: null, answers: {} },
    [signedInAs, read, own],
  );
  const setQuestionVote = useCallback(
    (vote: QuestionViewerVote) => setOwn((current) => ({ ...current, question: vote })),
    [],
  );
  const setAnswerVote = useCallback(
    (answerId: string, vote: AnswerViewerVote) =>
      setOwn((current) => ({ ...current, answers: { ...current.answers, [answerId]: vote } })),
    [],
  );
  /** Which posts the server says the reader wrote, read with the votes (none with no one signed in). */
  const mine = signedInAs ? (read.mine ?? NO_VOTES.mine) : NO_VOTES.mine;
  return { votes, mine, setQuestionVote, setAnswerVote };
}

/**
 * The question's like as a mutation on the page's question (`apply` merges into it): shown at once
 * (onMutate), settled on the server's count, put back as it was with a toast when refused (onError).
 */
export function useQuestionVote(questionId: string, apply: (change: QuestionVote) => void) {
  return useMutation<Awaited<ReturnType<typeof voteQuestion>>, Error, QuestionVote, QuestionVote>(
    {
      mutationFn: () => voteQuestion(questionId),
      onMutate: (before) => {
        apply(toggledQuestionVote(before));
        return before;
      },
      onSuccess: ({ data }) => apply({ upvotes: data.upvotes, viewerVote: data.viewerVote }),
      onError: (error, _before, before) => {
        if (before) apply(before);
        failed(error);
      },
    },
    useApiQueryClient(),
  );
}

/** An answer's up or down vote, the same way; `apply` merges a change into one answer of the list. */
export function useAnswerVote(apply: (answerId: string, change: AnswerVote) => void) {
  type Vote = { answer: VotedAnswer; vote: 'upvote' | 'downvote' };
  return useMutation<Awaited<ReturnType<typeof voteAnswer>>, Error, Vote, AnswerVote>(
    {
      mutationFn: ({ answer, vote }) => voteAnswer(answer.id, vote),
      onMutate: ({ answer, vote }) => {
        const before = {
          upvotes: answer.upvotes,
          downvotes: answer.downvotes,
          viewerVote: answer.viewerVote,
        };
        apply(answer.id, toggledAnswerVote(before, vote));
        return before;
      },
      onSuccess: ({ data }, { answer }) => apply(answer.id, data),
      onError: (error, { answer }, before) => {
        if (before) apply(answer.id, before);
        failed(error);
      },
    },
    useApiQueryClient(),
  );
}
