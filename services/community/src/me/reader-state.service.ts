import { Injectable } from '@nestjs/common';
import type { BookmarkKind, ReaderState, ReaderStateQuery, ReaderStateResponse } from '@pulse/contracts';
import { AnswersRepository } from '../answers/answers.repository';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { toCommunityUser } from '../identity/user-view';
import { QuestionsRepository } from '../questions/questions.repository';
import { VotesRepository } from '../votes/votes.repository';
import { BookmarksRepository } from './bookmarks.repository';

/**
 * The reader's own marks on the ids a page shows (GET /api/community/me/state): their votes on questions
 * and answers, reactions to comments, bookmarks, which posts are theirs, and who they are. The question,
 * answer and comment reads carry none of this, so they are the same bytes for every reader and the gateway
 * and a CDN may share them; a page asks for this once, after it has drawn the shared bytes. Ids are not
 * checked: an id that names nothing, or a post since removed, carries no mark, which is what the reader
 * has on it.
 */
@Injectable()
export class ReaderStateService {
  constructor(
    private readonly votes: VotesRepository,
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly bookmarks: BookmarksRepository,
    private readonly badges: BadgesService,
  ) {}

  async of(actor: Actor, query: ReaderStateQuery): Promise<ReaderStateResponse> {
    const me = actor.identity._id;
    const bookmarked = (kind: BookmarkKind, ids: readonly string[]) =>
      this.bookmarks.bookmarkedOf(me, kind, ids).then((held) => new Set(held));
    const [badges, questionVotes, answerVotes, reactions, myQuestions, myAnswers, ...kept] =
      await Promise.all([
        this.badges.of([me]),
        this.votes.valuesOf('question', query.questions, me),
        this.votes.valuesOf('answer', query.answers, me),
        this.votes.valuesOf('comment', query.comments, me),
        this.questions.writtenBy(query.questions, me).then((ids) => new Set(ids)),
        this.answers.writtenBy(query.answers, me).then((ids) => new Set(ids)),
        bookmarked('question', query.questions),
        bookmarked('article', query.articles),
        bookmarked('insight', query.insights),
        bookmarked('techAnalysis', query.techAnalyses),
      ]);
    const [questionMarks, articleMarks, insightMarks, analysisMarks] = kept;
    const each = <T>(ids: readonly string[], mark: (id: string) => T) =>
      Object.fromEntries(ids.map((id) => [id, mark(id)]));
    const bookmarkOf = (held: Set<string>) => (id: string) => ({ bookmarked: held.has(id) });
    const state: ReaderState = {
      user: toCommunityUser(actor.identity, badges.get(me) ?? []),
      questions: each(query.questions, (id) => ({
        // A question takes only up-votes; anything else stored would be a record of another kind.
        vote: questionVotes.get(id) === 'upvote' ? 'upvote' : null,
        bookmarked: questionMarks.has(id),
        mine: myQuestions.has(id),
      })),
      answers: each(query.answers, (id) => ({ vote: answerVotes.get(id) ?? null, mine: myAnswers.has(id) })),
      comments: each(query.comments, (id) => ({ reaction: reactions.get(id) ?? null })),
      articles: each(query.articles, bookmarkOf(articleMarks)),
      insights: each(query.insights, bookmarkOf(insightMarks)),
      techAnalyses: each(query.techAnalyses, bookmarkOf(analysisMarks)),
    };
    return { success: true, data: state };
  }
}
