import { NOT_FOUND_TITLES, QA_CATEGORIES, qaCategoryOf } from '@pulse/contracts';
import { z } from 'zod';
import { INDEX_FOLLOW, type PageHead } from './page-head';
import { escapeHtml, koreanDate, SEO_DESCRIPTION_LENGTH, truncateText } from './text';

/**
 * Question pages (/community/questions/{id}): the head (' - Q&A' title suffix, the first 160 characters
 * of the question as description, canonical), schema.org QAPage data, and the question with its answers
 * readable without JavaScript. Read from the community service's own responses (libs/contracts Question,
 * Answer), leniently: a field the page can do without never turns a readable question into an error.
 */

const authorSchema = z
  .object({ displayName: z.string().catch('Anonymous User') })
  .nullable()
  .catch(null);

export const questionPageSchema = z.object({
  id: z.string(),
  title: z.string().min(1),
  content: z.string().catch(''),
  category: z.string().catch('other'),
  tags: z.array(z.union([z.string(), z.object({ name: z.string() }).transform((tag) => tag.name)])).catch([]),
  user: authorSchema,
  upvotes: z.number().catch(0),
  answerCount: z.number().catch(0),
  acceptedAnswerId: z.string().nullable().catch(null),
  createdAt: z.string(),
  updatedAt: z.string().catch(''),
});
export type QuestionPage = z.output<typeof questionPageSchema>;

export const answerPageSchema = z.object({
  id: z.string(),
  content: z.string().catch(''),
  user: authorSchema,
  upvotes: z.number().catch(0),
  isAccepted: z.boolean().catch(false),
  createdAt: z.string(),
});
export type AnswerPage = z.output<typeof answerPageSchema>;

export const questionResponseSchema = z.object({ data: questionPageSchema });
export const answersResponseSchema = z.object({ data: z.array(answerPageSchema).catch([]) });

/** docs/spec-community.md §2 'Question missing': the not-found text with a link back to the list. */
export const QUESTION_NOT_FOUND_BODY =
  '<main><h1>질문을 찾을 수 없습니다</h1><p>존재하지 않거나 삭제된 질문입니다.</p><p><a href="/community/qa">Q&amp;A 목록으로</a></p></main>';
export const QUESTION_NOT_FOUND_TEXT = {
  title: NOT_FOUND_TITLES.question,
  description: '존재하지 않거나 삭제된 질문입니다.',
};

/** docs/spec-community.md §9: the page title ends ' - Q&A' (the site suffix follows, as on every page). */
export const QA_TITLE_SUFFIX = ' - Q&A';

const CONTEXT = 'https://schema.org';
const authorName = (user: { displayName: string } | null) => user?.displayName ?? 'Anonymous User';
const categoryLabel = (category: string) =>
  QA_CATEGORIES.find((entry) => entry.value === qaCategoryOf(category))?.label ?? '기타';
/** The question's text without markdown markers, for descriptions and structured data. */
const plain = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^(## |- )/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

export function questionHead(
  question: QuestionPage,
  answers: readonly AnswerPage[],
  siteUrl: string,
): PageHead {
  const canonicalPath = `/community/questions/${encodeURIComponent(question.id)}`;
  return {
    title: `${question.title}${QA_TITLE_SUFFIX}`,
    description: truncateText(plain(question.content), SEO_DESCRIPTION_LENGTH),
    canonicalPath,
    robots: INDEX_FOLLOW,
    ogType: 'article',
    image: `${siteUrl}/og-default.png`,
    article: {
      publishedTime: question.createdAt,
      modifiedTime: question.updatedAt || undefined,
      section: categoryLabel(question.category),
      tags: question.tags,
    },
    jsonLd: [qaPageData(question, answers, `${siteUrl}${canonicalPath}`)],
  };
}

/** schema.org QAPage: the question, its accepted answer and the others as suggested answers. */
export function qaPageData(question: QuestionPage, answers: readonly AnswerPage[], url: string) {
  const answerData = (answer: AnswerPage) => ({
    '@type': 'Answer',
    text: plain(answer.content),
    dateCreated: answer.createdAt,
    upvoteCount: answer.upvotes,
    url: `${url}#answer-${answer.id}`,
    author: { '@type': 'Person', name: authorName(answer.user) },
  });
  const accepted = answers.find((answer) => answer.isAccepted);
  return {
    '@context': CONTEXT,
    '@type': 'QAPage',
    inLanguage: 'ko-KR',
    mainEntity: {
      '@type': 'Question',
      name: truncateText(question.title, 110),
      text: plain(question.content),
      answerCount: answers.length,
      upvoteCount: question.upvotes,
      dateCreated: question.createdAt,
      author: { '@type': 'Person', name: authorName(question.user) },
      ...(accepted ? { acceptedAnswer: answerData(accepted) } : {}),
      suggestedAnswer: answers.filter((answer) => !answer.isAccepted).map(answerData),
    },
  };
}

/**
 * The seed's simple markdown (code fences, '## ' headings, '- ' list items, paragraphs), every piece of
 * text escaped: no HTML from a post ever reaches the page as markup.
 */
export function simpleMarkdown(markdown: string): string {
  const html: string[] = [];
  const parts = markdown.split(/```/);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      html.push(`<pre><code>${escapeHtml(part.replace(/^[^\n]*\n/, ''))}</code></pre>`);
      return;
    }
    for (const block of part.split(/\n\s*\n/)) {
      const lines = block.split('\n').filter((line) => line.trim());
      if (!lines.length) continue;
      const items = lines.filter((line) => line.startsWith('- '));
      for (const line of lines.filter((l) => l.startsWith('## ')))
        html.push(`<h2>${escapeHtml(line.slice(3))}</h2>`);
      if (items.length)
        html.push(`<ul>${items.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>`);
      const text = lines.filter((line) => !line.startsWith('## ') && !line.startsWith('- '));
      if (text.length) html.push(`<p>${text.map(escapeHtml).join('<br>')}</p>`);
    }
  });
  return html.join('');
}

const byline = (user: { displayName: string } | null, iso: string) => {
  const shown = koreanDate(iso);
  return `<p>${escapeHtml(authorName(user))}${shown ? ` · <time datetime="${escapeHtml(iso)}">${shown}</time>` : ''}</p>`;
};

export function questionBody(question: QuestionPage, answers: readonly AnswerPage[]): string {
  return [
    `<article lang="ko">`,
    `<nav aria-label="현재 위치"><a href="/">홈</a> › <a href="/community/qa">Q&amp;A</a></nav>`,
    `<h1>${escapeHtml(question.title)}</h1>`,
    byline(question.user, question.createdAt),
    `<p>${escapeHtml(categoryLabel(question.category))}${question.tags.map((tag) => ` #${escapeHtml(tag)}`).join('')}</p>`,
    simpleMarkdown(question.content),
    `<section aria-label="답변"><h2>답변 ${answers.length}</h2>`,
    ...answers.map(
      (answer) =>
        `<article id="answer-${escapeHtml(answer.id)}">${answer.isAccepted ? '<p>채택된 답변</p>' : ''}${byline(answer.user, answer.createdAt)}${simpleMarkdown(answer.content)}</article>`,
    ),
    `</section>`,
    `</article>`,
  ].join('');
}
