import type { Answer, Question, QuestionListResponse } from '@pulse/contracts/src/api/community';
import { QA_CATEGORIES } from '@pulse/contracts/src/api/community-constants';
import { describeList, findAnswer, itemPath, shortDescription, type PageDescriber } from '@pulse/frontend-ui';
import { questionPath } from './api';
import { QUESTION_PAGE } from './App';

const authorName = (user: { displayName: string } | null) => user?.displayName ?? 'Anonymous User';
const tagName = (tag: string | { name: string }) => (typeof tag === 'string' ? tag : tag.name);
/** The question's text without markdown markers, for structured data. */
const plain = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^(## |- )/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The question list: the ItemList of the questions its first page shows. */
const describeQuestionList: PageDescriber = (_head, page) =>
  describeList<QuestionListResponse, Question>(
    page,
    (read) => read.startsWith('/api/community/questions?'),
    (answer) => answer.data.questions,
    (question) => ({ path: itemPath('/community/questions', question.id), name: question.title }),
  );

/**
 * A question's document (server bundle only): its Open Graph article block and schema.org QAPage (the
 * question, its accepted answer and the others as suggested answers), from the question and answers the
 * render read. The list: its ItemList. The ask form and a missing question add nothing.
 */
export const describeQuestion: PageDescriber = (head, page) => {
  if (page.pathname === '/community/qa') return describeQuestionList(head, page);
  if (!QUESTION_PAGE.test(page.pathname) || (head.status ?? 200) !== 200) return undefined;
  const id = decodeURIComponent(page.pathname.split('/').filter(Boolean)[2] ?? '');
  const question = findAnswer<{ data: Question }>(page.client, questionPath(id))?.data;
  if (!question) return undefined;
  const answers =
    findAnswer<{ data: Answer[] }>(page.client, (read) => read.startsWith(`${questionPath(id)}/answers`))
      ?.data ?? [];
  const url = `${page.siteUrl}${head.canonical ?? page.pathname}`;
  const answerData = (answer: Answer) => ({
    '@type': 'Answer',
    text: plain(answer.content),
    dateCreated: answer.createdAt,
    upvoteCount: answer.upvotes,
    url: `${url}#answer-${answer.id}`,
    author: { '@type': 'Person', name: authorName(answer.user) },
  });
  const accepted = answers.find((answer) => answer.isAccepted);
  return {
    ogType: 'article',
    article: {
      publishedTime: question.createdAt,
      ...(question.updatedAt ? { modifiedTime: question.updatedAt } : {}),
      section: QA_CATEGORIES.find((entry) => entry.value === question.category)?.label ?? '기타',
      tags: question.tags.map(tagName),
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        inLanguage: 'ko-KR',
        mainEntity: {
          '@type': 'Question',
          name: shortDescription(question.title, 110),
          text: plain(question.content),
          answerCount: answers.length,
          upvoteCount: question.upvotes,
          dateCreated: question.createdAt,
          author: { '@type': 'Person', name: authorName(question.user) },
          ...(accepted ? { acceptedAnswer: answerData(accepted) } : {}),
          suggestedAnswer: answers.filter((answer) => !answer.isAccepted).map(answerData),
        },
      },
    ],
  };
};
