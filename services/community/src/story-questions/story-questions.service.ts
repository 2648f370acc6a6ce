import { createHash } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  ArticlePublishedV2Payload,
  CommunityNotification,
  NotificationReadResponse,
  NotificationsResponse,
  StoryQuestionsResponse,
} from '@pulse/contracts';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { QuestionPurges } from '../questions/question-purges';
import { toQuestion } from '../questions/question.mapper';
import { QuestionsRepository } from '../questions/questions.repository';
import type { NotificationRecord } from './story-article.record';
import { FollowsRepository } from '../me/follows.repository';
import { NotificationsRepository } from './notifications.repository';
import { StoryArticlesRepository } from './story-articles.repository';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

export const STORY_NOTICE = '질문하신 소식에 새 기사가 올라왔습니다';
export const FOLLOWED_STORY_NOTICE = '팔로우한 소식에 새 기사가 올라왔습니다';
export const NOTIFICATION_NOT_FOUND = '알림을 찾을 수 없습니다.';

/** Questions listed under an article, and askers told per new article or source. Chosen bounds. */
const QUESTIONS_SHOWN = 20;
const ASKERS_TOLD = 500;
const FOLLOWERS_TOLD = 5000;
const NOTICES_SHOWN = 30;

const articlePath = (id: string) => `/article/${encodeURIComponent(id)}`;

/**
 * Questions that follow a story (services/community/README.md, 'Questions that follow a story'): a question
 * asked from an article keeps the article's story; when the story gains an article or a source, each asker
 * gets a notice on the site.
 */
@Injectable()
export class StoryQuestionsService {
  constructor(
    private readonly stories: StoryArticlesRepository,
    private readonly questions: QuestionsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly follows: FollowsRepository,
    private readonly badges: BadgesService,
    private readonly purges: QuestionPurges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * article.published v2: remember the story; tell the askers when it has a new article or source, and its
   * followers when it has a new article.
   */
  async onArticlePublished(payload: ArticlePublishedV2Payload): Promise<void> {
    if (!payload.storyId) return;
    const storyId = payload.storyId;
    const sourceUrls = payload.sources.map((source) => source.url);
    const before = await this.stories.remember({
      _id: payload.id,
      storyId,
      title: payload.title,
      sourceUrls,
      publishedAt: payload.publishedAt,
      updatedAt: isoNow(this.clock),
    });
    await this.questions.attachStory(payload.id, storyId);
    // The article's story list may now hold its questions. Their details show storyId too; those catch up
    // within their micro-cache lifetime rather than this handler looking each question up.
    await this.purges.lists();
    const newArticle = before === null;
    const newSource = before !== null && sourceUrls.some((url) => !before.sourceUrls.includes(url));
    if (!newArticle && !newSource) return;
    const asked = await this.questions.aboutStory(storyId, payload.id, ASKERS_TOLD);
    const at = isoNow(this.clock);
    const told = new Set<string>();
    for (const question of asked) {
      // A question asked from this very article before community saw it is not news to its asker.
      if (newArticle && question.articleId === payload.id) continue;
      if (question.createdAt > at) continue;
      told.add(question.authorId);
      await this.notifications.addOnce({
        _id: noticeId(question._id, payload.id, sourceUrls.length),
        identityId: question.authorId,
        kind: 'story-article',
        questionId: question._id,
        questionTitle: question.title,
        storyId,
        articleId: payload.id,
        articleTitle: payload.title,
        url: articlePath(payload.id),
        createdAt: at,
        readAt: null,
      });
    }
    if (newArticle) await this.tellFollowers(payload, storyId, told, at);
  }

  /**
   * A new article in a story: one notice for each follower of the story (the first FOLLOWERS_TOLD), except
   * those its question notice just told. Idempotent: the notice id is the follower's and the article's.
   */
  private async tellFollowers(
    payload: ArticlePublishedV2Payload,
    storyId: string,
    told: ReadonlySet<string>,
    at: string,
  ): Promise<void> {
    const followers = await this.follows.followersOf('story', storyId, FOLLOWERS_TOLD);
    await this.notifications.addAllOnce(
      followers
        .filter((identityId) => !told.has(identityId))
        .map((identityId) => ({
          _id: followNoticeId(identityId, payload.id),
          identityId,
          kind: 'followed-story' as const,
          questionId: null,
          questionTitle: null,
          storyId,
          articleId: payload.id,
          articleTitle: payload.title,
          url: articlePath(payload.id),
          createdAt: at,
          readAt: null,
        })),
    );
  }

  /** GET /api/community/articles/{id}/questions. An article community has not seen lists its own questions. */
  async aboutArticle(articleId: string): Promise<StoryQuestionsResponse> {
    const storyId = (await this.stories.storyOf(articleId)) ?? null;
    const records = await this.questions.aboutStory(storyId, articleId, QUESTIONS_SHOWN);
    const badges = await this.badges.of(records.map((record) => record.authorId));
    return {
      success: true,
      data: {
        storyId,
        questions: records.map((record) => toQuestion(record, badges.get(record.authorId) ?? [])),
      },
    };
  }

  /** GET /api/community/notifications: the identity's notices, newest first. */
  async notificationsOf(actor: Actor): Promise<NotificationsResponse> {
    const [records, unread] = await Promise.all([
      this.notifications.newestOf(actor.identity._id, NOTICES_SHOWN),
      this.notifications.unreadCount(actor.identity._id),
    ]);
    return { success: true, data: { notifications: records.map(toNotification), unread } };
  }

  /** POST /api/community/notifications/{id}/read: only the identity's own (another's is simply not found). */
  async markRead(id: string, actor: Actor): Promise<NotificationReadResponse> {
    if (!(await this.notifications.markRead(id, actor.identity._id, isoNow(this.clock))))
      throw new NotFoundException(NOTIFICATION_NOT_FOUND);
    return { success: true };
  }
}

/** One notice per question, article and number of sources: a redelivered event finds it already there. */
const noticeId = (questionId: string, articleId: string, sources: number) =>
  `ntf_${createHash('sha256').update(`${questionId}\n${articleId}\n${sources}`).digest('base64url').slice(0, 24)}`;

/** One notice per follower and article: a redelivered event finds it already there. */
const followNoticeId = (identityId: string, articleId: string) =>
  `ntf_${createHash('sha256').update(`story-follow\n${identityId}\n${articleId}`).digest('base64url').slice(0, 24)}`;

export function toNotification(record: NotificationRecord): CommunityNotification {
  return {
    id: record._id,
    kind: record.kind,
    message: record.kind === 'followed-story' ? FOLLOWED_STORY_NOTICE : STORY_NOTICE,
    questionId: record.questionId,
    questionTitle: record.questionTitle,
    ...(record.storyId ? { storyId: record.storyId } : {}),
    articleId: record.articleId,
    articleTitle: record.articleTitle,
    url: record.url,
    createdAt: record.createdAt,
    read: record.readAt !== null,
  };
}
