import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SitemapSections } from '../feeds/sitemap-sections';
import { TechAnalysesRepository } from './tech-analyses.repository';
import { TechAnalysisChanges } from './tech-analysis-changes';

/**
 * Published tech analyses in /sitemap.xml as /tech-analysis/{slug}. The feeds cache the sitemap for
 * five minutes, so a newly published analysis appears within that; a withdrawn one leaves at once (its
 * address answers 410, and a sitemap must not point crawlers at it).
 */
@Injectable()
export class TechAnalysisSitemap implements OnModuleInit {
  constructor(
    private readonly sections: SitemapSections,
    private readonly analyses: TechAnalysesRepository,
    private readonly changes: TechAnalysisChanges,
  ) {}

  onModuleInit(): void {
    this.changes.onChange(async (analysis) => {
      if (analysis.state === 'withdrawn') await this.sections.changed();
    });
    this.sections.add({
      urls: async () =>
        (await this.analyses.allPublished()).map((analysis) => ({
          path: `/tech-analysis/${encodeURIComponent(analysis.slug)}`,
          lastmod: analysis.updatedAt,
        })),
    });
  }
}
