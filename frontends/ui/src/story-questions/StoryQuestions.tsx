import type { StoryQuestionsResponse } from '@pulse/contracts/src/api/community';
import { useId } from 'react';
import { Link } from 'react-router';
import { LIST_QUERY, useApiQuery } from '../api';

export const STORY_COPY = {
  title: '이 소식에 대한 커뮤니티 질문',
  ask: '이 기사에 대해 질문하기',
  none: '아직 이 소식에 대한 질문이 없습니다.',
  answers: (count: number) => `답변 ${count}`,
  failed: '질문을 불러오지 못했습니다.',
} as const;

/** The ask form with the article attached ('이 기사에 대해 질문하기'). */
export const askAboutPath = (articleId: string) =>
  `/community/qa/ask?articleId=${encodeURIComponent(articleId)}`;

/**
 * Under an article: the community's questions about its story (this article and any other of the same
 * story), and the way to ask one. Shared by the shell's article page and the news remote's detail.
 */
export function StoryQuestions({ articleId }: { articleId: string }) {
  const headingId = useId();
  // Through the query client, so a server render that shows it (the story page, where it is beside the
  // timeline, in view) reads it too and nothing moves when the browser takes over.
  const { data, error } = useApiQuery<StoryQuestionsResponse>(
    `story-questions:${articleId}`,
    `/api/community/articles/${encodeURIComponent(articleId)}/questions`,
    LIST_QUERY,
  );
  const state = data ? { questions: data.data.questions } : error ? 'failed' : 'loading';
  return (
    <section className="story-questions" aria-labelledby={headingId}>
      <h2 id={headingId}>{STORY_COPY.title}</h2>
      {state === 'failed' && <p role="status">{STORY_COPY.failed}</p>}
      {typeof state === 'object' &&
        (state.questions.length === 0 ? (
          <p>{STORY_COPY.none}</p>
        ) : (
          <ul>
            {state.questions.map((question) => (
              <li key={question.id}>
                <Link to={`/community/questions/${encodeURIComponent(question.id)}`}>{question.title}</Link>{' '}
                <span className="story-questions__count">{STORY_COPY.answers(question.answerCount)}</span>
              </li>
            ))}
          </ul>
        ))}
      <Link className="button button--outline" to={askAboutPath(articleId)}>
        {STORY_COPY.ask}
      </Link>
    </section>
  );
}
