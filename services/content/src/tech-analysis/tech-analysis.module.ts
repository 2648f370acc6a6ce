import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { EngagementModule } from '../engagement/engagement.module';
import { DemoAnalysesSeeder } from './demo/demo-analyses.seeder';
import { TechAnalysesRepository } from './tech-analyses.repository';
import { TechAnalysisAnnouncementsRepository } from './tech-analysis-announcements.repository';
import { TechAnalysisAnnouncer } from './tech-analysis-announcer';
import { TechAnalysisChanges } from './tech-analysis-changes';
import { TechAnalysisEngagedEvents } from './tech-analysis-engaged';
import { TechAnalysisPurges } from './tech-analysis-purges';
import { TECH_ANALYSIS_CONFIG, type TechAnalysisConfig } from './tech-analysis.config';
import { TechAnalysisController } from './tech-analysis.controller';
import { TechAnalysisService } from './tech-analysis.service';
import { TechAnalysisSitemap } from './tech-analysis.sitemap';

/**
 * Tech analyses for readers (docs/spec-content.md §2 'Tech analysis', §7): list, detail with related analyses, likes
 * and views once per reader session, and the sample analyses of the demo corpus. Authoring writes through
 * the exported repository and service, and purges the gateway's micro-cache through TechAnalysisPurges.
 */
@Module({
  imports: [EngagementModule],
  controllers: [TechAnalysisController],
  providers: [
    TechAnalysesRepository,
    TechAnalysisService,
    TechAnalysisPurges,
    TechAnalysisChanges,
    TechAnalysisEngagedEvents,
    TechAnalysisAnnouncementsRepository,
    TechAnalysisAnnouncer,
    DemoAnalysesSeeder,
    TechAnalysisSitemap,
    // techAnalysisConfigSchema, validated at start by the platform (ServiceDefinition.config).
    {
      provide: TECH_ANALYSIS_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { techAnalysis: TechAnalysisConfig }) => config.techAnalysis,
    },
  ],
  exports: [TechAnalysesRepository, TechAnalysisService, TechAnalysisPurges, TechAnalysisChanges],
})
export class TechAnalysisModule {}
