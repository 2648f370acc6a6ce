import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { AnswersController } from './answers.controller';
import { AnswersService } from './answers.service';

/** Answers on questions: list, post, accept, delete. */
@Module({
  imports: [QuestionsModule],
  controllers: [AnswersController],
  providers: [AnswersService],
  exports: [AnswersService],
})
export class AnswersModule {}
