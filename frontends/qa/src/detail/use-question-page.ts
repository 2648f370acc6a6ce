import type { Answer, Question } from '@pulse/contracts';
import type { AnswerSort } from '@pulse/contracts/src/api/community-constants';
import { apiQueryKey, LIST_QUERY, useApiQuery, useApiQueryClient } from '@pulse/frontend-ui';
import { useCallback } from 'react';
import { answersPath, questionPath, type AnswerListResponse, type QuestionDetailResponse } from '../api';

/** A question read is fresh a minute (the server's shared copy lives 30 s); its answers the same. */
const QUESTION_QUERY = LIST_QUERY;

const questionKey = (id: string) => `qa:question:${id}`;
const answersKey = (id: string, sortBy: AnswerSort) => `qa:answers:${id}:${sortBy}`;
const answersPrefix = (id: string) => apiQueryKey(`qa:answers:${id}:`);

/**
 * The question page's data as queries, so a server render reads them and embeds them and the browser
 * hydrates from them (frontends/README.md 'Server rendering'). The reader's own changes (a vote's count,
 * an accepted, posted or deleted answer) are written into the cached answers; a read under way when one
 * is made is cancelled first, so an answer that predates the change cannot overwrite it.
 */
export function useQuestionPage(id: string, sortBy: AnswerSort) {
  const client = useApiQueryClient();
  const question = useApiQuery<QuestionDetailResponse>(questionKey(id), questionPath(id), QUESTION_QUERY);
  const answers = useApiQuery<AnswerListResponse>(
    answersKey(id, sortBy),
    answersPath(id, sortBy),
    QUESTION_QUERY,
  );

  const updateQuestion = useCallback(
    (update: (question: Question) => Partial<Question>) => {
      const key = apiQueryKey(questionKey(id));
      void client.cancelQueries({ queryKey: key });
      client.setQueryData<QuestionDetailResponse>(key, (current) =>
        current ? { ...current, data: { ...current.data, ...update(current.data) } } : current,
      );
    },
    [client, id],
  );
  /** Applied to every order of the answers held (another tab's order shows the change too). */
  const updateAnswers = useCallback(
    (update: (answers: Answer[]) => Answer[]) => {
      const prefix = answersPrefix(id);
      const matches = {
        predicate: (query: { queryKey: readonly unknown[] }) => isAnswersOf(query.queryKey, prefix),
      };
      void client.cancelQueries(matches);
      for (const [key] of client.getQueriesData<AnswerListResponse>(matches))
        client.setQueryData<AnswerListResponse>(key, (current) =>
          current ? { ...current, data: update(current.data) } : current,
        );
    },
    [client, id],
  );
  /** Reads the answers again (after the question's author accepted one: the order changes). */
  const rereadAnswers = useCallback(
    () =>
      client.invalidateQueries({
        predicate: (query) => isAnswersOf(query.queryKey, answersPrefix(id)),
      }),
    [client, id],
  );
  return { question, answers, updateQuestion, updateAnswers, rereadAnswers };
}

function isAnswersOf(queryKey: readonly unknown[], prefix: readonly unknown[]): boolean {
  return (
    queryKey[0] === prefix[0] && typeof queryKey[1] === 'string' && queryKey[1].startsWith(String(prefix[1]))
  );
}
