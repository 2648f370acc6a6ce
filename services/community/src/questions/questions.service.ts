import {
  BadRequestException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  type CreateQuestionResponse,
  type DeleteQuestionResponse,
  type Question,
  type QuestionDetailResponse,
  type QuestionListResponse,
  type QuestionViewResponse,
  type QuestionListQuery,
  type CreateQuestionBody,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import { AnswersRepository } from '../answers/answers.repository';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { newId, publicSessionMark } from '../identity/identity.service';
import { StoryArticlesRepository } from '../story-questions/story-articles.repository';
import { QuestionIndex } from './question-index';
import { QuestionPurges } from './question-purges';
import type { ReaderKeyValue } from '../identity/reader-key.decorator';
import { QUESTION_NOT_FOUND } from './question-messages';
import { PublishedArticles } from '../articles/published-articles';
import { QuestionStats } from './question-stats';
import { QuestionViews } from './question-views';
import { TrustService } from '../trust/trust.service';
import { toQuestion } from './question.mapper';
import type { QuestionRecord } from './question.record';
import { QuestionsRepository } from './questions.repository';
import { linksClickableAt, PostMarkdown } from '../markdown/post-markdown';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

/** A question its author deleted or a moderator hid: 410, so crawlers drop it and readers are told why. */
export const QUESTION_GONE = '삭제된 질문입니다. 작성자가 삭제했거나 운영 정책에 따라 게시가 중단되었습니다.';
export const NOT_QUESTION_AUTHOR = '질문 작성자만 할 수 있습니다.';

/**
 * Questions: list with real paging and tiles, detail, view, ask and delete (docs/spec-community.md §2, §4,
 * §7). The list and the detail are the same bytes for every reader (docs/design.md §11.11): the reader's
 * votes and views are their own calls.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly badges: BadgesService,
    private readonly index: QuestionIndex,
    private readonly views: QuestionViews,
    private readonly stats: QuestionStats,
    private readonly purges: QuestionPurges,
    private readonly limits: WriteLimits,
    private readonly stories: StoryArticlesRepository,
    private readonly published: PublishedArticles,
    private readonly trust: TrustService,
    private readonly markdown: PostMarkdown,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/questions. */
  async list(query: QuestionListQuery): Promise<QuestionListResponse> {
    const { page, limit, sort, category, q } = query;
    const ids = q ? await this.index.matchingIds(q) : undefined;
    const [{ items, total }, stats] = await Promise.all([
      this.questions.page({ category, sort, ids }, (page - 1) * limit, limit),
      this.stats.current(),
    ]);
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return {
      success: true,
      data: {
        questions: await this.present(items),
        pagination: { page, totalPages, total, hasMore: page * limit < total },
        stats: {
          totalQuestions: stats.total,
          resolvedQuestions: stats.resolved,
          unansweredQuestions: stats.unanswered,
          totalAnswers: stats.answers,
        },
      },
    };
  }

  /** GET /api/community/questions/{id}. */
  async detail(id: string): Promise<QuestionDetailResponse> {
    const [shown] = await this.present([await this.visible(id)], { html: true });
    return { success: true, data: shown };
  }

  /**
   * POST /api/community/questions/{id}/view: counts a view once per reader (the identity when signed in,
   * else the signed reader session: QuestionViews) and COMMUNITY_VIEW_WINDOW_HOURS.
   */
  async view(
    id: string,
    viewer: Actor | undefined,
    reader: ReaderKeyValue,
    ip: string,
  ): Promise<QuestionViewResponse> {
    const question = await this.visible(id);
    const { counted, reason } = await this.views.count(question._id, viewer?.identity._id, reader, ip);
    return {
      success: true,
      data: { counted, viewCount: question.viewCount + (counted ? 1 : 0), ...(reason ? { reason } : {}) },
    };
  }

  /** POST /api/community/questions. */
  async create(body: CreateQuestionBody, actor: Actor, ip: string): Promise<CreateQuestionResponse> {
    const input = this.limits.screenProfanity(body, ['title', 'content', 'tags']);
    await this.limits.post(actor.identity._id, ip);
    const text = `${input.title}\n${input.content}`;
    await this.limits.refuseDuplicate(actor.identity._id, ip, text);
    // A question about an article is listed under it and its story: only an article content publishes.
    if (input.articleId && !(await this.published.isPublished(input.articleId)))
      throw new BadRequestException(`articleId: 기사를 찾을 수 없습니다 (${input.articleId}).`);
    const at = isoNow(this.clock);
    const question: QuestionRecord = {
      _id: newId('q'),
      title: input.title,
      content: input.content,
      category: input.category,
      tags: input.tags,
      authorId: actor.identity._id,
      author: {
        username: actor.identity.username,
        displayName: actor.identity.displayName,
        createdAt: actor.identity.createdAt,
      },
      anonymousSessionId: publicSessionMark(actor.sessionId),
      viewCount: 0,
      upvotes: 0,
      popularity: 0,
      answerCount: 0,
      acceptedAnswerId: null,
      state: 'visible',
      reportCount: 0,
      createdAt: at,
      updatedAt: at,
      ...(input.articleId
        ? { articleId: input.articleId, storyId: (await this.stories.storyOf(input.articleId)) ?? null }
        : {}),
    };
    await this.questions.insert(question);
    await Promise.all([
      this.index.add(question),
      this.limits.rememberPost(actor.identity._id, ip, text),
      this.purges.changed(question._id, { listsToo: true }),
    ]);
    return { success: true, data: { id: question._id } };
  }

  /** DELETE /api/community/questions/{id}: its author only, and its answers go with it. */
  async remove(id: string, actor: Actor): Promise<DeleteQuestionResponse> {
    const question = await this.existing(id);
    if (question.authorId !== actor.identity._id) throw new ForbiddenException(NOT_QUESTION_AUTHOR);
    const at = isoNow(this.clock);
    if (!(await this.questions.markDeleted(question._id, actor.identity._id, at)))
      throw new NotFoundException(QUESTION_NOT_FOUND);
    await Promise.all([
      this.answers.deleteAllOf(question._id, at),
      this.index.remove(question._id),
      this.trust.postRemoved(question._id),
    ]);
    await this.purges.changed(question._id, { listsToo: true });
    return { success: true };
  }

  /** A question readers may see; else 410 for one removed on purpose, 404 for one that never existed. */
  async visible(id: string): Promise<QuestionRecord> {
    const question = await this.questions.findVisible(id);
    if (question) return question;
    // Looked up only on a miss: the reads of a shown question pay nothing for it.
    if (await this.questions.wasRemoved(id)) throw new GoneException(QUESTION_GONE);
    throw new NotFoundException(QUESTION_NOT_FOUND);
  }

  private async existing(id: string): Promise<QuestionRecord> {
    const question = await this.questions.findExisting(id);
    if (!question) throw new NotFoundException(QUESTION_NOT_FOUND);
    return question;
  }

  /**
   * The questions as sent, with the author's badges and trust level now; with `html`, the body rendered
   * under that level's link rule (the detail and writes: a list shows no body).
   */
  async present(records: QuestionRecord[], { html = false } = {}): Promise<Question[]> {
    const authorIds = records.map((record) => record.authorId);
    const [badges, levels] = await Promise.all([this.badges.of(authorIds), this.trust.levelsOf(authorIds)]);
    return records.map((record) => {
      const level = levels.get(record.authorId) ?? 'new';
      const bodyHtml = html
        ? this.markdown.render(record.content, { links: linksClickableAt(level) })
        : undefined;
      return toQuestion(record, badges.get(record.authorId) ?? [], level, bodyHtml);
    });
  }
}
