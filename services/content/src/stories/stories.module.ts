import { Module } from '@nestjs/common';
import { StoriesController } from './stories.controller';
import { StoriesService } from './stories.service';

/** Story pages: every published article of one story across its sources (GET /api/stories/:id). */
@Module({
  controllers: [StoriesController],
  providers: [StoriesService],
})
export class StoriesModule {}
