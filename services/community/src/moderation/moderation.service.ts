import { randomUUID } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AnalyticsResponse,
  type GrantBadgeResponse,
  type ModerationActionResponse,
  type ModerationItem,
  type ModerationQueueResponse,
  type ModerationState,
  type ReportResponse,
  type SuspendResponse,
  type ReportBody,
  type ModerationQueueQuery,
  type SuspendBody,
  type AnalyticsQuery,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import { ANSWER_NOT_FOUND } from '../answers/answers.service';
import type { AnswerRecord } from '../answers/answer.record';
import { AnswersRepository } from '../answers/answers.repository';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { IdentitiesRepository } from '../identity/identities.repository';
import { SessionsRepository } from '../identity/sessions.repository';
import { QuestionIndex } from '../questions/question-index';
import { QuestionPurges } from '../questions/question-purges';
import type { PostState, QuestionRecord } from '../questions/question.record';
import { QUESTION_NOT_FOUND } from '../questions/question-messages';
import { QuestionsRepository } from '../questions/questions.repository';
import { TrustService } from '../trust/trust.service';
import { IdentityActionsRepository } from './identity-actions.repository';
import { NO_REPORTS, ReportLedger } from './report-ledger';
import { CLOCK, isoNow, StaffAudit, type Clock } from '@pulse/platform';

export const IDENTITY_NOT_FOUND = '닉네임을 찾을 수 없습니다.';
const PAGE_SIZE = 20;
/** A suspension without `days` lasts until a moderator reinstates the identity. */
const INDEFINITE = '9999-12-31T00:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;

type Kind = 'question' | 'answer';

/**
 * Reports from readers and the moderator's actions (services/community/README.md 'Moderation'). A post whose
 * reporters' trust weight reaches COMMUNITY_REPORT_WEIGHT_TO_HOLD (ReportLedger) is held: hidden from
 * lists until a moderator restores or hides it. Hide and restore move a post between visible, held and
 * hidden; the author's delete is final. A hidden post's endorsements stop counting toward trust.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly reports: ReportLedger,
    private readonly trust: TrustService,
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsRepository,
    private readonly badges: BadgesService,
    private readonly index: QuestionIndex,
    private readonly limits: WriteLimits,
    private readonly purges: QuestionPurges,
    private readonly actions: IdentityActionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: StaffAudit,
  ) {}

  /** POST /api/community/{questions|answers}/{id}/report. */
  async report(kind: Kind, id: string, body: ReportBody, actor: Actor, ip: string): Promise<ReportResponse> {
    const report = body;
    const post =
      kind === 'question' ? await this.questions.findVisible(id) : await this.answers.findVisible(id);
    // An answer under a question moderation holds or hid is out of reach as the question is.
    const reachable =
      post && (kind === 'question' || (await this.questions.isVisible((post as AnswerRecord).questionId)));
    if (!reachable) throw new NotFoundException(kind === 'question' ? QUESTION_NOT_FOUND : ANSWER_NOT_FOUND);
    await this.limits.vote(actor.identity._id, ip);
    const { fresh, holds } = await this.reports.record(kind, id, actor.identity, ip, report);
    if (!fresh) return { success: true, data: { reported: true, held: false } };
    // reportCount counts every report (the 'reported' queue); holding is the weighed decision.
    await (kind === 'question' ? this.questions.addReport(id) : this.answers.addReport(id));
    const held = holds && (await this.move(kind, id, ['visible'], 'held')) !== null;
    return { success: true, data: { reported: true, held } };
  }

  /** GET /api/community/admin/moderation. */
  async queue(query: ModerationQueueQuery): Promise<ModerationQueueResponse> {
    const { state, page } = query;
    // Questions and answers are paged side by side: each page holds up to PAGE_SIZE of each.
    const skip = (page - 1) * PAGE_SIZE;
    const [[questions, questionTotal], [answers, answerTotal]] = await Promise.all([
      this.questions.moderationPage(state, skip, PAGE_SIZE),
      this.answers.moderationPage(state, skip, PAGE_SIZE),
    ]);
    const [questionReports, answerReports, authors] = await Promise.all([
      this.reports.summaries(
        'question',
        questions.map((q) => q._id),
      ),
      this.reports.summaries(
        'answer',
        answers.map((a) => a._id),
      ),
      this.identities.findMany([...questions, ...answers].map((post) => post.authorId)),
    ]);
    const byId = new Map(authors.map((identity) => [identity._id, identity]));
    const author = (post: QuestionRecord | AnswerRecord) => {
      const identity = byId.get(post.authorId);
      const until = identity?.suspendedUntil;
      return {
        id: post.authorId,
        displayName: post.author.displayName,
        suspended: Boolean(until && Date.parse(until) > this.clock.now()),
      };
    };
    const items: ModerationItem[] = [
      ...questions.map((q) => ({
        kind: 'question' as const,
        id: q._id,
        questionId: q._id,
        title: q.title,
        excerpt: q.content.slice(0, 200),
        author: author(q),
        state: q.state as ModerationState,
        reports: questionReports.get(q._id) ?? NO_REPORTS,
        createdAt: q.createdAt,
      })),
      ...answers.map((a) => ({
        kind: 'answer' as const,
        id: a._id,
        questionId: a.questionId,
        title: null,
        excerpt: a.content.slice(0, 200),
        author: author(a),
        state: a.state as ModerationState,
        reports: answerReports.get(a._id) ?? NO_REPORTS,
        createdAt: a.createdAt,
      })),
    ];
    return { success: true, data: { items, total: questionTotal + answerTotal, page } };
  }

  /** POST /api/community/admin/{questions|answers}/{id}/{hide|restore}. */
  async setVisibility(kind: Kind, id: string, to: 'hidden' | 'visible'): Promise<ModerationActionResponse> {
    const from: ModerationState[] = to === 'hidden' ? ['visible', 'held'] : ['held', 'hidden'];
    const left = await this.move(kind, id, from, to);
    if (!left) {
      const existing =
        kind === 'question' ? await this.questions.findExisting(id) : await this.answers.findExisting(id);
      if (!existing) throw new NotFoundException(kind === 'question' ? QUESTION_NOT_FOUND : ANSWER_NOT_FOUND);
    } else {
      // Only a post that moved has a before and after; hiding a hidden post changes nothing.
      this.audit.change({ state: left }, { state: to });
      if (to === 'hidden') await this.trust.postRemoved(id);
      else await this.reports.reviewed(kind, id);
    }
    return { success: true, data: { kind, id, state: to } };
  }

  /** POST /api/community/admin/identities/{id}/suspend: writes refused, every session ended. */
  async suspend(id: string, body: SuspendBody): Promise<SuspendResponse> {
    const { reason, days } = body;
    const until = days ? new Date(this.clock.now() + days * DAY_MS).toISOString() : INDEFINITE;
    const before = await this.identities.suspend(id, until, reason);
    if (!before) throw new NotFoundException(IDENTITY_NOT_FOUND);
    this.audit.change(before, { suspendedUntil: until, suspendedReason: reason });
    const at = isoNow(this.clock);
    await this.sessions.revokeAllOf(id, at);
    await this.actions.record({ _id: randomUUID(), identityId: id, action: 'suspended', at, reason, until });
    return { success: true, data: { id, suspendedUntil: until } };
  }

  async reinstate(id: string): Promise<SuspendResponse> {
    const before = await this.identities.suspend(id, null, null);
    if (!before) throw new NotFoundException(IDENTITY_NOT_FOUND);
    this.audit.change(before, { suspendedUntil: null, suspendedReason: null });
    await this.actions.record({
      _id: randomUUID(),
      identityId: id,
      action: 'reinstated',
      at: isoNow(this.clock),
      reason: null,
      until: null,
    });
    return { success: true, data: { id, suspendedUntil: null } };
  }

  /** POST /api/community/admin/identities/{id}/expert: the role badge; granting twice changes nothing. */
  async grantExpert(id: string): Promise<GrantBadgeResponse> {
    if (!(await this.identities.findById(id))) throw new NotFoundException(IDENTITY_NOT_FOUND);
    const at = isoNow(this.clock);
    const granted = await this.badges.grantExpert(id, at);
    // Granting twice changes nothing, so it is recorded once.
    if (granted) {
      this.audit.change({ expert: false }, { expert: true });
      await this.actions.record({
        _id: randomUUID(),
        identityId: id,
        action: 'expert-granted',
        at,
        reason: null,
        until: null,
      });
    }
    const held = (await this.badges.of([id])).get(id)?.find((badge) => badge.id === 'expert');
    return { success: true, data: { id, badge: held ?? this.badges.badgeOf('expert', at), granted } };
  }

  /** GET /api/community/admin/analytics?days=: per UTC day, oldest first, days with nothing as 0. */
  async analytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
    const { days } = query;
    const today = new Date(this.clock.now()).toISOString().slice(0, 10);
    const first = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString();
    const [questions, answers, active] = await Promise.all([
      this.questions.perDay(first),
      this.answers.perDay(first),
      this.sessions.activeByDay(first.slice(0, 10)),
    ]);
    const series = Array.from({ length: days }, (_, i) => {
      const day = new Date(Date.parse(first) + i * DAY_MS).toISOString().slice(0, 10);
      return {
        day,
        questions: questions.get(day) ?? 0,
        answers: answers.get(day) ?? 0,
        activeIdentities: active.get(day) ?? 0,
      };
    });
    return { success: true, data: { days: series } };
  }

  /**
   * Moves a post's state and keeps the answer count and the search index in step; purges the question's
   * reads and the lists (a held or hidden post leaves them, a restored one comes back). Answers the state
   * the post left, or null when it was in none of `from`.
   */
  private async move(
    kind: Kind,
    id: string,
    from: ModerationState[],
    to: ModerationState,
  ): Promise<PostState | null> {
    if (kind === 'question') {
      const left = await this.questions.setState(id, from, to);
      if (!left) return null;
      const question = await this.questions.findExisting(id);
      if (question && to === 'visible') await this.index.add(question);
      else await this.index.remove(id);
      await this.purges.changed(id, { listsToo: true });
      return left;
    }
    const before = await this.answers.setState(id, from, to);
    if (!before) return null;
    if (before.state !== 'visible' && to === 'visible') await this.questions.addAnswers(before.questionId, 1);
    if (before.state === 'visible' && to !== 'visible')
      await this.questions.addAnswers(before.questionId, -1);
    await this.purges.changed(before.questionId, { listsToo: true });
    return before.state;
  }
}
