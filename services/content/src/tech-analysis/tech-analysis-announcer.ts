import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type TechAnalysisPublishedPayload } from '@pulse/contracts';
import { LOGGER, OUTBOX, OutboxWriter } from '@pulse/platform';
import type { Logger } from 'pino';
import { TechAnalysesRepository } from './tech-analyses.repository';
import { TechAnalysisAnnouncementsRepository } from './tech-analysis-announcements.repository';
import { TechAnalysisChanges } from './tech-analysis-changes';
import type { TechAnalysisRecord } from './tech-analysis.record';

/** The 1,000 characters techanalysis.published carries of the summary. */
const SUMMARY_MAX = 1000;

/**
 * Tells trending (techanalysis.published) what it lists of each published analysis: its title, summary,
 * technology and page. Sent when one is published or its listing changes, and at start for any the
 * last announcement does not match (analyses stored before this existed, the demo corpus, a notice lost
 * to a crash), so trending can rank tech analyses beside articles with their own link.
 */
@Injectable()
export class TechAnalysisAnnouncer implements OnApplicationBootstrap {
  constructor(
    private readonly analyses: TechAnalysesRepository,
    private readonly announcements: TechAnalysisAnnouncementsRepository,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(LOGGER) private readonly logger: Logger,
    changes: TechAnalysisChanges,
  ) {
    changes.onChange((record) => this.announce(record));
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      for (let after = ''; ;) {
        const records = await this.analyses.publishedAfter(after, 200);
        if (records.length === 0) return;
        for (const record of records) await this.announce(record);
        after = records[records.length - 1]._id;
      }
    } catch (error) {
      // Trending's listing of analyses can wait for the next start or change; reading them cannot.
      this.logger.warn({ err: error }, 'tech analyses not announced to trending');
    }
  }

  /** Sends the analysis's listing unless it is not published or trending has it as it is. */
  async announce(record: TechAnalysisRecord): Promise<void> {
    if (record.state !== 'published') return;
    const payload = toPublishedPayload(record);
    const json = JSON.stringify(payload);
    if ((await this.announcements.lastPayload(record._id)) === json) return;
    await this.announcements.announce(
      record._id,
      json,
      this.outbox.event(TOPICS.techAnalysisPublished, payload),
    );
  }
}

export function toPublishedPayload(record: TechAnalysisRecord): TechAnalysisPublishedPayload {
  return {
    id: record._id,
    title: record.title,
    summary: record.executiveSummary.slice(0, SUMMARY_MAX),
    technologyName: record.technologyName,
    technologyCategory: record.technologyCategory,
    publishedAt: record.publishedAt ?? record.updatedAt,
    url: `/tech-analysis/${encodeURIComponent(record.slug)}`,
  };
}
