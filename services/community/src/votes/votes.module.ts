import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { VotesController } from './votes.controller';
import { VotesService } from './votes.service';

/** One vote per identity per post, changed or withdrawn by voting again. */
@Module({ imports: [QuestionsModule], controllers: [VotesController], providers: [VotesService] })
export class VotesModule {}
