import { GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type TechAnalysisDetailResponse,
  type TechAnalysisLikeResponse,
  type TechAnalysisListResponse,
  type TechAnalysisViewResponse,
  type TechAnalysisListQuery,
} from '@pulse/contracts';
import { SERVICE_CONFIG, CLOCK, type Clock } from '@pulse/platform';
import { EngagementCaps, EngagementLimitedException } from '../engagement/engagement-caps';
import type { EngagementConfig } from '../engagement/engagement.config';
import type { ReaderContext } from '../engagement/reader-sessions';
import { rankRelated, RELATED_ANALYSES_LIMIT } from './related-analyses';
import { TechAnalysesRepository } from './tech-analyses.repository';
import { toListItem, toRelatedAnalysis, toTechAnalysis } from './tech-analysis.mapper';
import { TechAnalysisEngagedEvents } from './tech-analysis-engaged';
import { TechAnalysisPurges } from './tech-analysis-purges';
import type { TechAnalysisRecord } from './tech-analysis.record';

/** docs/spec-content.md §8 'Analysis not found'. */
export const ANALYSIS_NOT_FOUND = '기술분석을 찾을 수 없습니다.';
export const ANALYSIS_WITHDRAWN = '게시가 중단된 기술분석입니다. 편집진이 이 글을 내렸습니다.';

/** How many same-category or keyword-sharing analyses are ranked for the related list. */
const RELATED_CANDIDATES = 100;

/**
 * The public side of tech analyses (docs/spec-content.md §2, §7): the list, the detail with related analyses, and
 * likes and views counted once per reader. Only published analyses exist for readers.
 */
@Injectable()
export class TechAnalysisService {
  private readonly viewWindowMs: number;

  constructor(
    private readonly analyses: TechAnalysesRepository,
    private readonly purges: TechAnalysisPurges,
    private readonly caps: EngagementCaps,
    @Inject(CLOCK) private readonly clock: Clock,
    // The view window is the engagement area's setting, so article and analysis views count alike.
    @Inject(SERVICE_CONFIG) config: { engagement: EngagementConfig },
    private readonly engaged: TechAnalysisEngagedEvents,
  ) {
    this.viewWindowMs = config.engagement.CONTENT_VIEW_WINDOW_HOURS * 3_600_000;
  }

  /**
   * GET /api/tech-analysis. Every analysis is written in Korean, so lang=en is accepted (the seed's client
   * sends lang) and answers the English analyses there are: none. Returning the Korean list under
   * lang=en would mislabel it.
   */
  async list(query: TechAnalysisListQuery): Promise<TechAnalysisListResponse> {
    const { total, records } = await this.analyses.publishedPage(
      { language: query.lang, ...(query.category ? { technologyCategory: query.category } : {}) },
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      analyses: records.map(toListItem),
      pagination: { page: query.page, totalPages: Math.ceil(total / query.limit) },
    };
  }

  /** GET /api/tech-analysis/{slug}. */
  async detail(rawSlug: string): Promise<TechAnalysisDetailResponse> {
    const slug = rawSlug.normalize('NFC');
    const record = await this.analyses.findPublishedBySlug(slug);
    if (!record) {
      if (await this.analyses.isWithdrawnSlug(slug)) throw new GoneException(ANALYSIS_WITHDRAWN);
      throw new NotFoundException(ANALYSIS_NOT_FOUND);
    }
    const related = await this.related(record);
    return { analysis: toTechAnalysis(record), relatedAnalyses: related.map(toRelatedAnalysis) };
  }

  /**
   * POST /api/tech-analysis/{id}/like. docs/spec-content.md §4: once per session, no unlike; a repeat answers the
   * current count. The marker is written before the count: a crash between the two loses one like rather
   * than letting a retry count it twice.
   */
  async like(id: string, reader: ReaderContext): Promise<TechAnalysisLikeResponse> {
    const record = await this.requirePublished(id);
    // As an article's like: only a session issued before this request counts, within the hourly caps.
    if (reader.issuedNow) return { liked: false, likesCount: record.likesCount, reason: 'session-issued' };
    if (await this.analyses.hasLikeMarker(record._id, reader.hash))
      return { liked: true, likesCount: record.likesCount };
    const decision = await this.caps.admit('like', reader, record._id);
    if (!decision.allowed) throw new EngagementLimitedException('like', decision.retryAfterSeconds);
    const at = this.nowIso();
    const event = this.engaged.event('like', record._id, reader, at);
    const first = await this.analyses.addLikeMarker(record._id, reader.hash, at, [event]);
    if (!first) return { liked: true, likesCount: record.likesCount };
    const updated = await this.analyses.countLike(record._id);
    await this.purges.liked(record._id);
    return { liked: true, likesCount: updated?.likesCount ?? record.likesCount + 1 };
  }

  /**
   * POST /api/tech-analysis/{id}/view (chosen: the seed counts a view when the detail opens but shows no
   * call; a GET that counted would be wrong behind any cache). Once per reader per view window. A view
   * purges nothing, as an article's does not: the detail's count may be a micro-cache TTL old.
   */
  async view(id: string, reader: ReaderContext): Promise<TechAnalysisViewResponse> {
    const record = await this.requirePublished(id);
    if (reader.issuedNow) return { counted: false, views: record.views, reason: 'session-issued' };
    const now = this.clock.now();
    const windowStart = new Date(now - this.viewWindowMs).toISOString();
    // Past a cap a view is not counted, not refused: reading the analysis is never the problem.
    if (!(await this.analyses.hasViewMarkerSince(record._id, reader.hash, windowStart))) {
      const decision = await this.caps.admit('view', reader, record._id);
      if (!decision.allowed) return { counted: false, views: record.views, reason: 'limited' };
    }
    const at = new Date(now).toISOString();
    const event = this.engaged.event('view', record._id, reader, at);
    const counted = await this.analyses.addViewMarker(record._id, reader.hash, at, windowStart, [event]);
    if (!counted) return { counted: false, views: record.views };
    const updated = await this.analyses.countView(record._id);
    return { counted: true, views: updated?.views ?? record.views + 1 };
  }

  /** The editor's choice in its order (published ones only), else the ranking of related-analyses.ts. */
  async related(record: TechAnalysisRecord): Promise<TechAnalysisRecord[]> {
    if (record.relatedAnalysisIds) {
      const chosen = await this.analyses.findPublishedByIds(record.relatedAnalysisIds);
      const byId = new Map(chosen.map((analysis) => [analysis._id, analysis]));
      return record.relatedAnalysisIds
        .map((id) => byId.get(id))
        .filter((analysis): analysis is TechAnalysisRecord => !!analysis && analysis._id !== record._id)
        .slice(0, RELATED_ANALYSES_LIMIT);
    }
    return rankRelated(record, await this.analyses.relatedCandidates(record, RELATED_CANDIDATES));
  }

  private async requirePublished(id: string): Promise<TechAnalysisRecord> {
    const record = await this.analyses.findPublished(id);
    if (!record) throw new NotFoundException(ANALYSIS_NOT_FOUND);
    return record;
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
