import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { AnswerEditsController } from './answer-edits.controller';
import { AnswerEditsService } from './answer-edits.service';
import { AnswersController } from './answers.controller';
import { AnswersService } from './answers.service';

/** Answers on questions: list, post, accept, edit (with its revisions), delete. */
@Module({
  imports: [QuestionsModule],
  controllers: [AnswersController, AnswerEditsController],
  providers: [AnswersService, AnswerEditsService],
  exports: [AnswersService],
})
export class AnswersModule {}
