import { Injectable } from '@nestjs/common';
import type { TechAnalysisRecord } from './tech-analysis.record';

export type TechAnalysisChangeListener = (analysis: TechAnalysisRecord) => Promise<void> | void;

/**
 * In-process notice that a tech analysis as readers may see it changed (published, edited, taken out of
 * publication, seeded), for what derives from it: the search index and trending's copy of its title and
 * page. Any write that changes a published analysis, or its state, tells this after the store write.
 * Each derived view also rebuilds itself from the store, so a notice lost to a crash is caught up.
 */
@Injectable()
export class TechAnalysisChanges {
  private readonly listeners: TechAnalysisChangeListener[] = [];

  onChange(listener: TechAnalysisChangeListener): void {
    this.listeners.push(listener);
  }

  async changed(analysis: TechAnalysisRecord): Promise<void> {
    for (const listener of this.listeners) await listener(analysis);
  }
}
