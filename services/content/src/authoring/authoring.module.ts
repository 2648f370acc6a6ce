import { Module } from '@nestjs/common';
import { AdminAuthModule } from '@pulse/platform';
import { TechAnalysisModule } from '../tech-analysis/tech-analysis.module';
import { DraftingService } from './drafting/drafting.service';
import { DraftsController } from './drafting/drafts.controller';
import { InsightAuthoringController } from './insight-authoring.controller';
import { InsightAuthoringService } from './insight-authoring.service';
import { TechAnalysisAuthoringController } from './tech-analysis-authoring.controller';
import { TechAnalysisAuthoringService } from './tech-analysis-authoring.service';
import { AuthoringRevisions } from './revisions/authoring-revisions';
import { AuthoringRevisionsRepository } from './revisions/authoring-revisions.repository';

/**
 * Admin authoring (docs/services.md 'The content service'; docs/design.md §10): tech analyses and insights created, edited and
 * published through a protected API, and drafted by the LLM. Every route needs the admin credential.
 */
@Module({
  imports: [AdminAuthModule, TechAnalysisModule],
  controllers: [TechAnalysisAuthoringController, InsightAuthoringController, DraftsController],
  providers: [
    TechAnalysisAuthoringService,
    InsightAuthoringService,
    DraftingService,
    AuthoringRevisions,
    AuthoringRevisionsRepository,
  ],
})
export class AuthoringModule {}
