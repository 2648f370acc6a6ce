import type { Answer, AnswerViewerVote, QuestionViewerVote } from '@pulse/contracts';
import { askReaderState, toast, useApiQueryClient, type ReaderState } from '@pulse/frontend-ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { voteAnswer, voteQuestion } from '../api';
import { COPY } from '../copy';

type QuestionVote = { upvotes: number; viewerVote: QuestionViewerVote };
type AnswerVote = Pick<Answer, 'upvotes' | 'downvotes'> & { viewerVote: AnswerViewerVote };
/** An answer as the page shows it: the shared answer with the reader's own vote merged in. */
export type VotedAnswer = Answer & { viewerVote: AnswerViewerVote };

type Marks = Pick<ReaderState, 'questions' | 'answers'>;
const NO_MARKS: Marks = { questions: {}, answers: {} };

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
 * The reader's own votes on the question and its answers, and which of them they wrote. The question and
 * answer reads are the same for every reader (and may come from a shared cache), so these come from the
 * reader-state call, which the page's other marks (its bookmark button) join: asked when the identity
 * changes, and for each answer once, as the answers arrive (`answerIds` undefined: still loading; a list
 * that failed to load is an empty one). None is asked for with no one signed in. The
 * votes the reader makes here are the server's answers to them and win over any read, so a read that
 * started before a vote was written cannot undo it. A failed read shows no votes: voting still works, and
 * its answer sets them.
 */
export function useViewerVotes(
  questionId: string,
  signedInAs: string | undefined,
  answerIds: readonly string[] | undefined,
) {
  const [read, setRead] = useState<Marks>(NO_MARKS);
  const [own, setOwn] = useState<{
    question?: QuestionViewerVote;
    answers: Record<string, AnswerViewerVote>;
  }>({
    answers: {},
  });
  const previous = useRef({ questionId, signedInAs });
  // The ids this question and identity have asked about so far (a new one starts over).
  const asked = useRef({ scope: '', ids: new Set<string>() });
  const answersKey = answerIds?.join(',');
  useEffect(() => {
    const before = previous.current;
    // Another question, or another identity after one (signing in from none keeps the vote that asked for it).
    if (
      before.questionId !== questionId ||
      (before.signedInAs !== undefined && before.signedInAs !== signedInAs)
    )
      setOwn({ answers: {} });
    previous.current = { questionId, signedInAs };
    const scope = `${questionId} ${signedInAs}`;
    if (asked.current.scope !== scope) {
      asked.current = { scope, ids: new Set() };
      setRead(NO_MARKS);
    }
    // Until the answers have arrived (a navigation in the browser), so that one call asks for all of them.
    if (!signedInAs || answersKey === undefined) return;
    const ask = asked.current;
    const questions = ask.ids.has(questionId) ? [] : [questionId];
    const answers = answersKey.split(',').filter((id) => id && !ask.ids.has(id));
    if (questions.length + answers.length === 0) return;
    [...questions, ...answers].forEach((id) => ask.ids.add(id));
    askReaderState({ questions, answers }).then(
      (state) => {
        if (asked.current === ask)
          setRead((current) => ({
            questions: { ...current.questions, ...state.questions },
            answers: { ...current.answers, ...state.answers },
          }));
      },
      (error: unknown) => console.warn('[펄스] 내 투표를 불러오지 못했습니다.', error),
    );
  }, [questionId, signedInAs, answersKey]);
  const votes = useMemo<ShownVotes>(() => {
    if (!signedInAs) return { question: null, answers: {} };
    const answers: ShownVotes['answers'] = {};
    for (const [id, mark] of Object.entries(read.answers)) answers[id] = mark.vote;
    return {
      question: own.question === undefined ? (read.questions[questionId]?.vote ?? null) : own.question,
      answers: { ...answers, ...own.answers },
    };
  }, [signedInAs, questionId, read, own]);
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
  const mine = {
    question: !!signedInAs && !!read.questions[questionId]?.mine,
    answers: signedInAs ? Object.keys(read.answers).filter((id) => read.answers[id]!.mine) : [],
  };
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
