import { ANSWER_SORTS, type AnswerSort } from '@pulse/contracts/src/api/community-constants';
import {
  ApiError,
  AssistantHelpWidget,
  BadgeList,
  ErrorState,
  BookmarkButton,
  Icon,
  PostedTime,
  Skeleton,
  toast,
  useNavigateTo,
  usePageHead,
} from '@pulse/frontend-ui';
import type { Answer } from '@pulse/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  acceptAnswer,
  reportPost,
  deleteAnswer,
  deleteQuestion,
  editQuestion,
  postQuestionView,
} from '../api';
import { COPY } from '../copy';
import { PostBody } from '../markdown';
import { TabButtons } from '../TabButtons';
import { authorName, categoryLabel, isAnonymousPost, tagList } from '../question-view';
import { useIdentityGate } from '../use-identity-gate';
import { PAGE_HEADS, questionHead } from '../page-heads';
import { AnswerCard } from './AnswerCard';
import { AnswerComposer } from './AnswerComposer';
import { LazyPostEditor } from './lazy-editor';
import { RevisionHistory } from './RevisionHistory';
import { useQuestionPage } from './use-question-page';
import { useAnswerVote, useQuestionVote, useViewerVotes, type VotedAnswer } from './use-votes';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /community/questions/{id}: the question, its answers (accepted first), and what the reader may do. The
 * question and answers are the same for every reader; the reader's votes and view are their own calls.
 */
export default function QuestionDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigateTo();
  const { user, require, dialog } = useIdentityGate();
  const [sortBy, setSortBy] = useState<AnswerSort>('popular');
  const signedInAs = user?.id;
  const { question, answers, updateQuestion, updateAnswers, rereadAnswers } = useQuestionPage(id, sortBy);
  const { votes, mine, setQuestionVote, setAnswerVote } = useViewerVotes(
    id,
    signedInAs,
    answers.data ? answers.data.data.map((answer) => answer.id) : answers.error ? [] : undefined,
  );
  // Answers this page posted: the server's create answer says they are the reader's before the next votes read.
  const [posted, setPosted] = useState<ReadonlySet<string>>(new Set());
  const [editingQuestion, setEditingQuestion] = useState(false);
  useEffect(() => {
    setPosted(new Set());
    setEditingQuestion(false);
  }, [id, signedInAs]);
  // The count after this reader's view, which the question read (possibly a cached copy) may not hold yet.
  const [viewed, setViewed] = useState<{ id: string; viewCount: number }>();
  const viewPosted = useRef('');

  // One view per question while the page is mounted; the server keeps one per reader and window.
  useEffect(() => {
    if (viewPosted.current === id) return;
    viewPosted.current = id;
    postQuestionView(id).then(
      ({ data }) => setViewed({ id, viewCount: data.viewCount }),
      (error: unknown) => console.warn('[펄스] 조회수를 기록하지 못했습니다.', error),
    );
  }, [id]);
  // A question removed on purpose (410) says so; one that never existed (404, or an id refused) is not found.
  const status = question.error instanceof ApiError ? question.error.status : 0;
  const missing =
    status === 410
      ? PAGE_HEADS.questionGone
      : status === 404 || status === 400
        ? PAGE_HEADS.questionNotFound
        : undefined;
  usePageHead(question.data ? questionHead(question.data.data) : (missing ?? null));

  // Votes show at once and are put back when refused (use-votes.ts): counts on the shared question and
  // answers, the reader's own vote beside them.
  const questionVote = useQuestionVote(id, ({ upvotes, viewerVote }) => {
    updateQuestion(() => ({ upvotes }));
    setQuestionVote(viewerVote);
  });
  const answerVote = useAnswerVote((answerId, { upvotes, downvotes, viewerVote }) => {
    updateAnswers((list) => list.map((a) => (a.id === answerId ? { ...a, upvotes, downvotes } : a)));
    setAnswerVote(answerId, viewerVote);
  });

  if (question.error) {
    if (missing)
      return (
        <section className="page qa-page">
          <h1>{missing.title}</h1>
          <p>{missing.description}</p>
          <Link to="/community/qa">{COPY.backToList}</Link>
        </section>
      );
    if (!question.data)
      return (
        <section className="page qa-page">
          <ErrorState
            title={COPY.loadFailed}
            message={question.error.message}
            onRetry={() => void question.refetch()}
          />
        </section>
      );
  }
  if (!question.data)
    return (
      <section className="page qa-page" aria-busy="true">
        <Skeleton className="skeleton--title" />
        <Skeleton className="skeleton--text" />
        <Skeleton className="skeleton--text" />
      </section>
    );
  const q = question.data.data;
  const isAuthor = !!user && q.user?.id === user.id;
  const answerList: VotedAnswer[] = (answers.data?.data ?? []).map((answer) => ({
    ...answer,
    viewerVote: votes.answers[answer.id] ?? null,
  }));
  const viewCount = Math.max(q.viewCount, viewed?.id === q.id ? viewed.viewCount : 0);
  const like = () =>
    require(() => {
      if (!questionVote.isPending) questionVote.mutate({ upvotes: q.upvotes, viewerVote: votes.question });
    });
  const remove = () =>
    require(async () => {
      if (!window.confirm(COPY.confirmDeleteQuestion)) return;
      try {
        await deleteQuestion(q.id);
        navigate('/community/qa');
      } catch (error) {
        window.alert(
          error instanceof ApiError && error.status !== 0 ? error.message : COPY.deleteQuestionFailed,
        );
      }
    });
  const report = (kind: 'questions' | 'answers', postId: string) =>
    require(async () => {
      try {
        await reportPost(kind, postId);
        toast({ title: COPY.reported });
      } catch (error) {
        toast({ title: COPY.reportFailed, description: messageOf(error), variant: 'destructive' });
      }
    });
  const actions = {
    onReport: (answer: VotedAnswer) => report('answers', answer.id),
    canAccept: isAuthor,
    canDelete: false,
    canEdit: false,
    onEdited: (edited: Answer) => updateAnswers((list) => list.map((a) => (a.id === edited.id ? edited : a))),
    onVote: (answer: VotedAnswer, vote: 'upvote' | 'downvote') =>
      require(() => answerVote.mutate({ answer, vote })),
    onAccept: (answer: VotedAnswer) =>
      require(async () => {
        try {
          await acceptAnswer(q.id, answer.id);
          updateQuestion(() => ({ acceptedAnswerId: answer.id, isAnswered: true }));
          void rereadAnswers();
        } catch (error) {
          toast({ title: COPY.acceptFailed, description: messageOf(error), variant: 'destructive' });
        }
      }),
    onDelete: (answer: VotedAnswer) =>
      require(async () => {
        if (!window.confirm(COPY.confirmDeleteAnswer)) return;
        try {
          await deleteAnswer(answer.id);
          updateAnswers((list) => list.filter((a) => a.id !== answer.id));
          updateQuestion((current) => ({ answerCount: Math.max(0, current.answerCount - 1) }));
        } catch (error) {
          window.alert(
            error instanceof ApiError && error.status !== 0 ? error.message : COPY.deleteAnswerFailed,
          );
        }
      }),
  };

  return (
    <section className="page qa-page qa-detail">
      <nav aria-label="breadcrumb" className="breadcrumb">
        <Link to="/community/qa">{COPY.breadcrumbQa}</Link> <span aria-hidden="true">›</span>{' '}
        <span>{categoryLabel(q.category)}</span>
      </nav>
      <header className="qa-detail__header">
        <div className="qa-card__meta">
          <span className="qa-chip qa-chip--category">{categoryLabel(q.category)}</span>
          {q.acceptedAnswerId && <span className="qa-chip qa-chip--resolved">{COPY.resolved}</span>}
        </div>
        <h1>{q.title}</h1>
        <div className="qa-detail__meta">
          <span className="qa-author">
            {authorName(q)}
            {isAnonymousPost(q) && <span className="qa-chip qa-chip--anon">{COPY.anonymous}</span>}
            <BadgeList badges={q.user?.badges} />
          </span>
          <PostedTime value={q.createdAt} />
          {q.editedAt && <span className="qa-edited">({COPY.edited})</span>}
          <span>{COPY.views(viewCount)}</span>
        </div>
        <div className="qa-card__tags">
          {tagList(q).map((tag) => (
            <span key={tag} className="qa-chip">
              #{tag}
            </span>
          ))}
        </div>
      </header>
      {editingQuestion ? (
        <LazyPostEditor
          initial={{ title: q.title, content: q.content, tags: tagList(q) }}
          label={COPY.editQuestionLabel}
          onCancel={() => setEditingQuestion(false)}
          save={async (draft) => {
            const { data } = await editQuestion(q.id, draft);
            updateQuestion(() => data);
            setEditingQuestion(false);
          }}
        />
      ) : (
        <PostBody html={q.bodyHtml} text={q.content} />
      )}
      {q.editedAt && <RevisionHistory kind="questions" id={q.id} editedAt={q.editedAt} />}
      <div className="qa-detail__actions">
        <button
          type="button"
          className={votes.question === 'upvote' ? 'qa-vote qa-vote--on' : 'qa-vote'}
          aria-pressed={votes.question === 'upvote'}
          onClick={like}
        >
          <Icon name={votes.question === 'upvote' ? 'heart-filled' : 'heart'} /> {COPY.likes} {q.upvotes}
        </button>
        {mine.question && !editingQuestion && (
          <button type="button" className="button button--outline" onClick={() => setEditingQuestion(true)}>
            {COPY.edit}
          </button>
        )}
        <BookmarkButton kind="question" id={q.id} title={q.title} />
        {isAuthor ? (
          <button type="button" className="button button--outline" onClick={remove}>
            {COPY.delete}
          </button>
        ) : (
          <button type="button" className="button button--outline" onClick={() => report('questions', q.id)}>
            {COPY.report}
          </button>
        )}
      </div>
      <AssistantHelpWidget kind="question" context={{ questionId: q.id }} />

      <section className="qa-answers" aria-labelledby="qa-answers-title">
        <div className="qa-answers__head">
          <h2 id="qa-answers-title">{COPY.answersCount(q.answerCount)}</h2>
          <TabButtons
            tabs={ANSWER_SORTS.map((sort) => [sort, COPY.answerSorts[sort]] as const)}
            selected={sortBy}
            onSelect={setSortBy}
            label={COPY.sortLabel}
          />
        </div>
        {answers.isLoading && <Skeleton className="skeleton--text" />}
        {answers.error && !answers.data && (
          <ErrorState
            title={COPY.answersFailed}
            message={answers.error.message}
            onRetry={() => void answers.refetch()}
          />
        )}
        {answers.data && answerList.length === 0 && <p className="qa-empty">{COPY.noAnswers}</p>}
        {answerList.length > 0 && (
          <ol className="qa-answer-list">
            {answerList.map((answer) => (
              <AnswerCard
                key={answer.id}
                answer={answer}
                actions={{
                  ...actions,
                  canDelete: !!user && answer.user?.id === user.id,
                  canEdit: mine.answers.includes(answer.id) || posted.has(answer.id),
                }}
              />
            ))}
          </ol>
        )}
        <AnswerComposer
          questionId={q.id}
          require={require}
          onPosted={(answer) => {
            // A re-read the server answered after the write may already list it.
            updateAnswers((list) => [...list.filter((a) => a.id !== answer.id), answer]);
            setPosted((before) => new Set(before).add(answer.id));
            updateQuestion((current) => ({ answerCount: current.answerCount + 1 }));
          }}
        />
      </section>
      {dialog}
    </section>
  );
}
