import { Injectable } from '@nestjs/common';
import type { ActivityItem, ActivityQuery, ActivityResponse } from '@pulse/contracts';
import { AnswersRepository } from '../answers/answers.repository';
import { CommentsRepository } from '../comments/comments.repository';
import type { Actor } from '../identity/actor-resolver';
import { QuestionsRepository } from '../questions/questions.repository';
import { StoryArticlesRepository } from '../story-questions/story-articles.repository';
import { decodeCursor, ME_PAGE_SIZE, nextCursorOf } from './page-cursor';

const EXCERPT = 200;
/** A comment on an article community never saw an event for (published before it started). */
export const UNKNOWN_ARTICLE_TITLE = '기사에 남긴 댓글';

const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);
const questionPath = (id: string) => `/community/questions/${encodeURIComponent(id)}`;
const articlePath = (id: string) => `/article/${encodeURIComponent(id)}`;

/** The identity's own questions, answers and comments, newest first, each with where it is shown. */
@Injectable()
export class ActivityService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly comments: CommentsRepository,
    private readonly articles: StoryArticlesRepository,
  ) {}

  /** GET /api/community/me/activity?kind=questions|answers|comments&cursor= */
  async list(actor: Actor, query: ActivityQuery): Promise<ActivityResponse> {
    const authorId = actor.identity._id;
    const cursor = decodeCursor(query.cursor);
    const page =
      query.kind === 'questions'
        ? await this.ownQuestions(authorId, cursor)
        : query.kind === 'answers'
          ? await this.ownAnswers(authorId, cursor)
          : await this.ownComments(authorId, cursor);
    return {
      success: true,
      data: { items: page.items, nextCursor: nextCursorOf(page.records, ME_PAGE_SIZE) },
    };
  }

  private async ownQuestions(authorId: string, cursor: ReturnType<typeof decodeCursor>) {
    const records = await this.questions.pageByAuthor(authorId, cursor, ME_PAGE_SIZE);
    const items = records.map((record): ActivityItem => ({
      kind: 'question',
      id: record._id,
      title: record.title,
      excerpt: excerptOf(record.content),
      url: questionPath(record._id),
      createdAt: record.createdAt,
    }));
    return { records, items };
  }

  private async ownAnswers(authorId: string, cursor: ReturnType<typeof decodeCursor>) {
    const records = await this.answers.pageByAuthor(authorId, cursor, ME_PAGE_SIZE);
    const questions = await this.questions.findMany([...new Set(records.map((record) => record.questionId))]);
    const titles = new Map(questions.map((question) => [question._id, question.title]));
    const items = records.map((record): ActivityItem => ({
      kind: 'answer',
      id: record._id,
      title: titles.get(record.questionId) ?? '',
      excerpt: excerptOf(record.content),
      url: questionPath(record.questionId),
      createdAt: record.createdAt,
    }));
    return { records, items };
  }

  private async ownComments(authorId: string, cursor: ReturnType<typeof decodeCursor>) {
    const records = await this.comments.pageByAuthor(authorId, cursor, ME_PAGE_SIZE);
    const titles = await this.articles.titlesOf([...new Set(records.map((record) => record.articleId))]);
    const items = records.map((record): ActivityItem => ({
      kind: 'comment',
      id: record._id,
      title: titles.get(record.articleId) ?? UNKNOWN_ARTICLE_TITLE,
      excerpt: excerptOf(record.content),
      url: articlePath(record.articleId),
      createdAt: record.createdAt,
    }));
    return { records, items };
  }
}
