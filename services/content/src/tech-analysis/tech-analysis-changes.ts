import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@pulse/platform';
import type { Logger } from 'pino';
import type { TechAnalysisRecord } from './tech-analysis.record';

export type TechAnalysisChangeListener = (analysis: TechAnalysisRecord) => Promise<void> | void;

/**
 * In-process notice that a tech analysis as readers may see it changed (published, edited, taken out of
 * publication, seeded), for what derives from it: the search index and trending's copy of its title and
 * page. Any write that changes a published analysis, or its state, tells this after the store write.
 * A listener that fails is logged and never fails the write that told it: each derived view reconciles
 * itself from the store (at start, and the index on its refresh), so a lost notice is caught up.
 */
@Injectable()
export class TechAnalysisChanges {
  private readonly listeners: TechAnalysisChangeListener[] = [];

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  onChange(listener: TechAnalysisChangeListener): void {
    this.listeners.push(listener);
  }

  async changed(analysis: TechAnalysisRecord): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(analysis);
      } catch (error) {
        this.logger.error(
          { err: error, analysisId: analysis._id },
          'a listener failed after a tech analysis changed',
        );
      }
    }
  }
}
