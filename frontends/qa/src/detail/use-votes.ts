import type { Answer, Question } from '@pulse/contracts';
import { toast, useApiQueryClient } from '@pulse/frontend-ui';
import { useMutation } from '@tanstack/react-query';
import { voteAnswer, voteQuestion } from '../api';
import { COPY } from '../copy';

type QuestionVote = Pick<Question, 'upvotes' | 'viewerVote'>;
type AnswerVote = Pick<Answer, 'upvotes' | 'downvotes' | 'viewerVote'>;

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
  type Vote = { answer: Answer; vote: 'upvote' | 'downvote' };
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
