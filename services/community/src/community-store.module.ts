import { Global, Module } from '@nestjs/common';
import { AnswersRepository } from './answers/answers.repository';
import { ReportsRepository } from './moderation/reports.repository';
import { QuestionsRepository } from './questions/questions.repository';
import { VotesRepository } from './votes/votes.repository';

/**
 * The post repositories several areas read and write (questions, answers, votes, reports), provided once
 * so each collection has one repository instance registering it with the outbox.
 */
@Global()
@Module({
  providers: [QuestionsRepository, AnswersRepository, VotesRepository, ReportsRepository],
  exports: [QuestionsRepository, AnswersRepository, VotesRepository, ReportsRepository],
})
export class CommunityStoreModule {}
