import { Global, Module } from '@nestjs/common';
import { AnswersRepository } from './answers/answers.repository';
import { CommentPurges } from './comments/comment-purges';
import { CommentsRepository } from './comments/comments.repository';
import { FollowsRepository } from './me/follows.repository';
import { ReportLedger } from './moderation/report-ledger';
import { ReportsRepository } from './moderation/reports.repository';
import { QuestionPurges } from './questions/question-purges';
import { QuestionsRepository } from './questions/questions.repository';
import { NotificationsRepository } from './story-questions/notifications.repository';
import { VoteCounters } from './votes/vote-counters';
import { VotesRepository } from './votes/votes.repository';
import { PostMarkdown } from './markdown/post-markdown';
import { PostRevisions } from './revisions/post-revisions';
import { PostRevisionsRepository } from './revisions/post-revisions.repository';

/**
 * The post repositories several areas read and write (questions, answers, comments, votes, reports and
 * their weighing) and the vote counters that write behind the votes into all three kinds of post, provided once
 * so each collection has one repository instance registering it with the outbox; and the question purges
 * every one of those areas publishes when it changes what a question read shows, and the comment threads'
 * purges; what questions and
 * answers share for their bodies (the Markdown renderer) and their edits (revisions); and the follows and
 * notices, which the reader's own space and the story notices both read and write.
 */
@Global()
@Module({
  providers: [
    QuestionsRepository,
    AnswersRepository,
    CommentsRepository,
    VotesRepository,
    VoteCounters,
    ReportsRepository,
    ReportLedger,
    QuestionPurges,
    CommentPurges,
    PostMarkdown,
    PostRevisionsRepository,
    PostRevisions,
    FollowsRepository,
    NotificationsRepository,
  ],
  exports: [
    QuestionsRepository,
    AnswersRepository,
    CommentsRepository,
    VotesRepository,
    VoteCounters,
    ReportsRepository,
    ReportLedger,
    QuestionPurges,
    CommentPurges,
    PostMarkdown,
    PostRevisionsRepository,
    PostRevisions,
    FollowsRepository,
    NotificationsRepository,
  ],
})
export class CommunityStoreModule {}
