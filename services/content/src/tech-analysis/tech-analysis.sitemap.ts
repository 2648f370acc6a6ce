import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SitemapSections } from '../feeds/sitemap-sections';
import { TechAnalysesRepository } from './tech-analyses.repository';

/**
 * Published tech analyses in /sitemap.xml as /tech-analysis/{slug}. The feeds cache the sitemap for
 * five minutes, so a newly published analysis appears within that.
 */
@Injectable()
export class TechAnalysisSitemap implements OnModuleInit {
  constructor(
    private readonly sections: SitemapSections,
    private readonly analyses: TechAnalysesRepository,
  ) {}

  onModuleInit(): void {
    this.sections.add({
      urls: async () =>
        (await this.analyses.allPublished()).map((analysis) => ({
          path: `/tech-analysis/${encodeURIComponent(analysis.slug)}`,
          lastmod: analysis.updatedAt,
        })),
    });
  }
}
