import { Module } from '@nestjs/common';
import { AdminAuthModule } from '@pulse/platform';
import { QuestionsModule } from '../questions/questions.module';
import { AdminController } from './admin.controller';
import { ModerationService } from './moderation.service';
import { ReportsController } from './reports.controller';

/** Reader reports, the moderation queue, hide/restore, suspension, the expert badge and analytics. */
@Module({
  imports: [AdminAuthModule, QuestionsModule],
  controllers: [ReportsController, AdminController],
  providers: [ModerationService],
})
export class ModerationModule {}
