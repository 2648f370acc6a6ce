import type { StoryQuestionsResponse } from '@pulse/contracts/src/api/community';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchJson } from '../api';

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
  const [state, setState] = useState<
    { questions: StoryQuestionsResponse['data']['questions'] } | 'loading' | 'failed'
  >('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    fetchJson<StoryQuestionsResponse>(`/api/community/articles/${encodeURIComponent(articleId)}/questions`)
      .then((body) => live && setState({ questions: body.data.questions }))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [articleId]);
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
