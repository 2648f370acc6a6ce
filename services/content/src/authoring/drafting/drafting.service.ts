import {
  BadGatewayException,
  Inject,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  createInsightBodySchema,
  httpUrl,
  type AdminInsight,
  type AdminTechAnalysis,
  type DraftAnalysisBody,
  type DraftingCapability,
  type DraftInsightBody,
  type StaffPrincipal,
} from '@pulse/contracts';
import { LANGUAGE_MODEL, LOGGER, type LanguageModel, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import type { ArticleRecord } from '../../articles/article.record';
import { ArticlesRepository } from '../../articles/articles.repository';
import { toAdminTechAnalysis } from '../../tech-analysis/tech-analysis.mapper';
import { toInsightContent } from '../insight.content';
import { InsightAuthoringService, toAdminInsight } from '../insight-authoring.service';
import { TechAnalysisAuthoringService } from '../tech-analysis-authoring.service';
import { analysisDraftSchema, analysisInput, analysisPrompt } from './analysis-draft';
import { insightDraftSchema, insightPrompt, reviewInsightDraft } from './insight-draft';
import {
  draftWithModel,
  DraftingDisabledError,
  DraftingUnavailableError,
  DraftRejectedError,
  type DraftResult,
} from './structured-draft';

export const LLM_OFF_MESSAGE =
  'LLM이 설정되지 않아 초안을 만들 수 없습니다 — no LLM is configured (LLM_BASE_URL, LLM_MODEL), so no draft can be made.';
const STORY_NOT_FOUND = 'Article not found';
/** A story's cluster: articles sharing a tag with it, published in the last 72 hours. */
export const CLUSTER_WINDOW_MS = 72 * 3_600_000;
export const CLUSTER_MAX_RELATED = 5;
const MAX_ORIGINAL_SOURCES = 20;

/**
 * Drafts with the LLM for admin authoring: an insight from a recent story and its cluster, a tech
 * analysis from a technology name. Stored as drafts only — an editor publishes. With no LLM configured
 * nothing is drafted (503), and output is validated, reviewed and sanitised like an editor's input.
 */
@Injectable()
export class DraftingService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly insights: InsightAuthoringService,
    private readonly analyses: TechAnalysisAuthoringService,
    @Inject(LANGUAGE_MODEL) private readonly llm: LanguageModel,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Whether drafting can work at all here: the admin screen shows 'AI 초안' only then. */
  capability(): DraftingCapability {
    return { llm: this.llm.enabled };
  }

  async draftInsight({ articleId }: DraftInsightBody, by: StaffPrincipal): Promise<AdminInsight> {
    this.requireLlm();
    const story = await this.articles.findPublished(articleId);
    if (!story) throw new NotFoundException(STORY_NOT_FOUND);
    const cluster = [story, ...(await this.relatedRecent(story))];
    const draft = await this.run('insight', articleId, () =>
      draftWithModel(
        this.llm,
        insightPrompt(story, cluster.slice(1)),
        { name: 'pulse_insight_draft', schema: insightDraftSchema },
        (parsed) => reviewInsightDraft(parsed, cluster),
      ),
    );
    // The model's draft and the stored story's image are checked with the admin's own schema, as an
    // insight an editor sent would be: they come from outside this request (the model, the store).
    /* eslint-disable edge-input/no-parse-in-services */
    const input = createInsightBodySchema.parse({
      title: draft.value.title,
      summary: draft.value.summary,
      content: draft.value.bodyHtml,
      primaryCategory: story.primaryCategory,
      secondaryCategory: story.secondaryCategory,
      tags: draft.value.tags,
      imageUrl: httpUrl.safeParse(story.imageUrl).success ? story.imageUrl : null,
      keyInsights: draft.value.keyInsights,
      relatedIndustries: draft.value.relatedIndustries,
      originalSources: originalSourcesOf(cluster),
    });
    /* eslint-enable edge-input/no-parse-in-services */
    return toAdminInsight(await this.insights.createDraft(toInsightContent(input), by, 'draft'));
  }

  async draftAnalysis(
    { technologyName, technologyCategory }: DraftAnalysisBody,
    by: StaffPrincipal,
  ): Promise<AdminTechAnalysis> {
    this.requireLlm();
    const draft = await this.run('analysis', technologyName, () =>
      draftWithModel(
        this.llm,
        analysisPrompt(technologyName, technologyCategory),
        { name: 'pulse_tech_analysis_draft', schema: analysisDraftSchema },
        (parsed) => analysisInput(parsed, technologyName, technologyCategory),
      ),
    );
    return toAdminTechAnalysis(await this.analyses.createDraft(draft.value, draft.model, by));
  }

  /** Published articles sharing a tag with `story`, from the last 72 hours, newest first. */
  private relatedRecent(story: ArticleRecord): Promise<ArticleRecord[]> {
    const slugs = story.tags.map((tag) => tag.slug);
    if (!slugs.length) return Promise.resolve([]);
    const since = new Date(this.clock.now() - CLUSTER_WINDOW_MS).toISOString();
    return this.articles.publishedSharingTags(story._id, slugs, since, CLUSTER_MAX_RELATED);
  }

  private requireLlm(): void {
    if (!this.llm.enabled) throw new ServiceUnavailableException(LLM_OFF_MESSAGE);
  }

  /** Runs one draft, turning the drafting errors into the API's answers and logging the outcome. */
  private async run<T>(
    kind: string,
    subject: string,
    draft: () => Promise<DraftResult<T>>,
  ): Promise<DraftResult<T>> {
    try {
      const result = await draft();
      this.logger.info(
        { kind, subject, model: result.model, calls: result.calls },
        'draft stored for review',
      );
      return result;
    } catch (error) {
      if (error instanceof DraftingDisabledError) throw new ServiceUnavailableException(LLM_OFF_MESSAGE);
      if (error instanceof DraftingUnavailableError)
        throw new ServiceUnavailableException(
          `LLM에 연결하지 못해 초안을 만들지 못했습니다 — the LLM could not be reached: ${error.message}`,
        );
      if (error instanceof DraftRejectedError) {
        this.logger.warn(
          { kind, subject, problem: error.problem },
          'draft rejected: output failed validation',
        );
        throw new BadGatewayException(
          `LLM 출력이 검증을 통과하지 못해 초안을 저장하지 않았습니다 — the model's output failed validation: ${error.problem}`,
        );
      }
      throw error;
    }
  }
}

/** The cluster's original sources, first article's first, each URL once. */
function originalSourcesOf(cluster: readonly ArticleRecord[]) {
  const seen = new Set<string>();
  return cluster
    .flatMap((article) => article.originalSources)
    .filter((source) => !seen.has(source.sourceUrl) && seen.add(source.sourceUrl))
    .slice(0, MAX_ORIGINAL_SOURCES)
    .map((source) => ({
      sourceUrl: source.sourceUrl,
      title: source.title.slice(0, 1000),
      author: source.author ? source.author.slice(0, 300) : null,
      sourceName: source.sourceName.slice(0, 200),
    }));
}
