import { Inject, Injectable } from '@nestjs/common';
import type { ExportResponse } from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { AnswersRepository } from '../answers/answers.repository';
import { BadgesService } from '../badges/badges.service';
import { CommentsRepository } from '../comments/comments.repository';
import type { Actor } from '../identity/actor-resolver';
import { QuestionsRepository } from '../questions/questions.repository';
import { NotificationsRepository } from '../story-questions/notifications.repository';
import { toNotification } from '../story-questions/story-questions.service';
import { trustLevelOf } from '../trust/trust-levels';
import { BookmarksRepository } from './bookmarks.repository';
import { toBookmark } from './bookmarks.service';
import { FollowsRepository } from './follows.repository';
import { toFollow } from './follows.service';

/**
 * Everything community holds for an identity, as one JSON document: its nickname, level and badges, every
 * post it wrote (deleted ones too: their text is still held), its bookmarks, follows and notices.
 */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly comments: CommentsRepository,
    private readonly bookmarks: BookmarksRepository,
    private readonly follows: FollowsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly badges: BadgesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/me/export */
  async export(actor: Actor): Promise<ExportResponse> {
    const { identity } = actor;
    const id = identity._id;
    const [badges, questions, answers, comments, bookmarks, follows, notifications] = await Promise.all([
      this.badges.of([id]),
      this.questions.allByAuthor(id),
      this.answers.allByAuthor(id),
      this.comments.allByAuthor(id),
      this.bookmarks.allOf(id),
      this.follows.allOf(id),
      this.notifications.allOf(id),
    ]);
    return {
      success: true,
      data: {
        exportedAt: isoNow(this.clock),
        identity: {
          id,
          displayName: identity.displayName,
          createdAt: identity.createdAt,
          trustLevel: trustLevelOf(identity, this.clock.now()),
          badges: badges.get(id) ?? [],
        },
        questions: questions.map((q) => ({
          id: q._id,
          title: q.title,
          content: q.content,
          tags: q.tags,
          state: q.state,
          createdAt: q.createdAt,
        })),
        answers: answers.map((a) => ({
          id: a._id,
          questionId: a.questionId,
          content: a.content,
          state: a.state,
          createdAt: a.createdAt,
        })),
        comments: comments.map((c) => ({
          id: c._id,
          articleId: c.articleId,
          content: c.content,
          state: c.state,
          createdAt: c.createdAt,
        })),
        bookmarks: bookmarks.map(toBookmark),
        follows: follows.map(toFollow),
        notifications: notifications.map(toNotification),
      },
    };
  }
}
