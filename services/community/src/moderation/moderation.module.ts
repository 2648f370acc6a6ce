import { Module } from '@nestjs/common';
import { AdminAuthModule } from '@pulse/platform';
import { QuestionsModule } from '../questions/questions.module';
import { AdminController } from './admin.controller';
import { IdentityActionsRepository } from './identity-actions.repository';
import { ModerationService } from './moderation.service';
import { NicknameAdminController } from './nickname-admin.controller';
import { NicknameAdminService } from './nickname-admin.service';
import { ReportsController } from './reports.controller';

/**
 * Reader reports, the moderation queue, hide/restore, suspension, the expert badge, nickname look-up and
 * history, and analytics.
 */
@Module({
  imports: [AdminAuthModule, QuestionsModule],
  controllers: [ReportsController, AdminController, NicknameAdminController],
  providers: [ModerationService, NicknameAdminService, IdentityActionsRepository],
})
export class ModerationModule {}
