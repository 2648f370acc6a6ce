import { Global, Module } from '@nestjs/common';
import { AnswersRepository } from './answers/answers.repository';
import { FollowsRepository } from './me/follows.repository';
import { ReportLedger } from './moderation/report-ledger';
import { ReportsRepository } from './moderation/reports.repository';
import { QuestionPurges } from './questions/question-purges';
import { QuestionsRepository } from './questions/questions.repository';
import { NotificationsRepository } from './story-questions/notifications.repository';
import { VotesRepository } from './votes/votes.repository';

/**
 * The post repositories several areas read and write (questions, answers, votes, reports and their
 * weighing), provided once
 * so each collection has one repository instance registering it with the outbox; and the question purges
 * every one of those areas publishes when it changes what a question read shows; and the follows and
 * notices, which the reader's own space and the story notices both read and write.
 */
@Global()
@Module({
  providers: [
    QuestionsRepository,
    AnswersRepository,
    VotesRepository,
    ReportsRepository,
    ReportLedger,
    QuestionPurges,
    FollowsRepository,
    NotificationsRepository,
  ],
  exports: [
    QuestionsRepository,
    AnswersRepository,
    VotesRepository,
    ReportsRepository,
    ReportLedger,
    QuestionPurges,
    FollowsRepository,
    NotificationsRepository,
  ],
})
export class CommunityStoreModule {}
