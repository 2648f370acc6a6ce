import { Inject, Injectable } from '@nestjs/common';
import type { DeleteMeResponse } from '@pulse/contracts';
import { CLOCK, type Clock } from '@pulse/platform';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { AnswersRepository } from '../answers/answers.repository';
import { ChatSessionsRepository } from '../assistant/chat-sessions.repository';
import { BadgesRepository } from '../badges/badges.repository';
import { CommentPurges } from '../comments/comment-purges';
import { CommentsRepository } from '../comments/comments.repository';
import type { Actor } from '../identity/actor-resolver';
import { clearedCookies, type CookieToSet } from '../identity/cookies';
import { IdentitiesRepository } from '../identity/identities.repository';
import { SessionsRepository } from '../identity/sessions.repository';
import { QuestionPurges } from '../questions/question-purges';
import { QuestionsRepository } from '../questions/questions.repository';
import { NotificationsRepository } from '../story-questions/notifications.repository';
import { VoteCounters } from '../votes/vote-counters';
import { VotesRepository } from '../votes/votes.repository';
import { BookmarksRepository } from './bookmarks.repository';
import { FollowsRepository } from './follows.repository';
import { ownRecordId } from './record-ids';

/** The name a deleted identity's posts carry from then on. */
export const DELETED_AUTHOR_NAME = '탈퇴한 사용자';

/**
 * DELETE /api/community/me: the identity and what is only its own go (bookmarks, follows, notices,
 * sessions, badges, assistant conversations, vote records); its questions, answers and comments stay,
 * anonymised, because others answered and replied to them: each takes a new author id that leads nowhere and
 * the name '탈퇴한 사용자'. Reports and moderators' records about it are kept (services/community/README.md
 * 'A space of one's own').
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsRepository,
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly comments: CommentsRepository,
    private readonly votes: VotesRepository,
    private readonly counters: VoteCounters,
    private readonly bookmarks: BookmarksRepository,
    private readonly follows: FollowsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly badges: BadgesRepository,
    private readonly chats: ChatSessionsRepository,
    private readonly purges: QuestionPurges,
    private readonly commentPurges: CommentPurges,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async delete(actor: Actor): Promise<{ response: DeleteMeResponse; cookies: CookieToSet[] }> {
    const id = actor.identity._id;
    // The sessions first: from here on no request acts as this identity, even while the rest is removed.
    await this.sessions.removeAllOf(id);
    // One id for the identity's former posts, not derivable from the identity's id by anyone else.
    const author = {
      id: ownRecordId('gone', id, String(this.clock.now())),
      snapshot: {
        username: DELETED_AUTHOR_NAME,
        displayName: DELETED_AUTHOR_NAME,
        createdAt: actor.identity.createdAt,
      },
    };
    const [questionIds, answered] = await Promise.all([
      this.questions.anonymiseAuthor(id, author),
      this.answers.questionsAnsweredBy(id),
    ]);
    const commented = await this.comments.articlesOf(id);
    await Promise.all([this.answers.anonymiseAuthor(id, author), this.comments.anonymiseAuthor(id, author)]);
    // Its votes' counts stay: the ones still owed to their posts are counted before the records go.
    await this.counters.settleIdentity(id);
    await Promise.all([
      this.votes.removeAllOf(id),
      this.bookmarks.removeAllOf(id),
      this.follows.removeAllOf(id),
      this.notifications.removeAllOf(id),
      this.badges.removeAllOf(id),
      this.chats.removeAllOf(id),
    ]);
    await this.identities.remove(id);
    // The shared pages still name the old nickname until purged.
    for (const questionId of new Set([...questionIds, ...answered])) await this.purges.changed(questionId);
    if (questionIds.length > 0) await this.purges.lists();
    await this.commentPurges.changed(...commented);
    return {
      response: { success: true },
      cookies: clearedCookies(this.config.PUBLIC_SITE_URL.startsWith('https:')),
    };
  }
}
