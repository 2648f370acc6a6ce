import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DuplicateKeyError, LOGGER, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { TechAnalysesRepository } from '../tech-analyses.repository';
import { TechAnalysisChanges } from '../tech-analysis-changes';
import { TechAnalysisPurges } from '../tech-analysis-purges';
import { TECH_ANALYSIS_CONFIG, type TechAnalysisConfig } from '../tech-analysis.config';
import { derivedFields, toTechAnalysisContent } from '../tech-analysis.content';
import type { TechAnalysisRecord } from '../tech-analysis.record';
import { loadDemoAnalyses, type DemoAnalysis } from './demo-analyses';

/**
 * With DEMO_CORPUS=true (embedded mode's default) stores the sample analyses at start, published.
 * Idempotent: fixed ids and slugs, so an id already stored is a DuplicateKeyError and is skipped — a
 * restart, a second replica or a half-finished earlier run never stores one twice or resets its counters.
 */
@Injectable()
export class DemoAnalysesSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly analyses: TechAnalysesRepository,
    private readonly purges: TechAnalysisPurges,
    private readonly changes: TechAnalysisChanges,
    @Inject(TECH_ANALYSIS_CONFIG) private readonly config: TechAnalysisConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.DEMO_CORPUS) return;
    try {
      const seeded = await this.seed();
      if (seeded > 0) {
        this.logger.info(`demo corpus: ${seeded} sample tech analyses seeded`);
        // A list another replica answered before these existed may be held by the gateway.
        await this.purges.listsChanged();
      }
    } catch (error) {
      // A demo nicety must never keep the service from starting.
      this.logger.error({ err: error }, 'sample tech analyses could not be seeded');
    }
  }

  /** Stores every sample not stored yet; returns how many were new. */
  async seed(): Promise<number> {
    const now = this.clock.now();
    let seeded = 0;
    for (const sample of loadDemoAnalyses()) {
      try {
        const record = demoRecord(sample, now);
        await this.analyses.insert(record);
        await this.changes.changed(record);
        seeded += 1;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    return seeded;
  }
}

export function demoRecord(sample: DemoAnalysis, seededAt: number): TechAnalysisRecord {
  const { id, slug, hoursAgo, ...input } = sample;
  const publishedAt = new Date(seededAt - hoursAgo * 3_600_000).toISOString();
  const content = toTechAnalysisContent(input);
  return {
    _id: id,
    slug,
    state: 'published',
    language: 'ko',
    ...content,
    ...derivedFields(content),
    views: 0,
    likesCount: 0,
    publishedAt,
    createdAt: publishedAt,
    updatedAt: publishedAt,
    origin: 'demo',
    model: null,
    sample: true,
  };
}
