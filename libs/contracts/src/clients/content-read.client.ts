import { z } from 'zod';
import { buildPath, ENDPOINTS } from '../api/endpoints';
import { idParamSchema, slugParamSchema } from '../api/params';

/**
 * The content service's public read API for another service (docs/design.md §1: a service calls another's read
 * API where an event cannot serve, through a client here). The community assistant retrieves our articles
 * with it: search answers the best passages, the detail gives the current article's text. Only the fields
 * the assistant relies on are checked; an answer that breaks them is an error, never an empty result.
 */
const searchItemSchema = z.object({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(500),
  /** On a search result: the matching passage as plain text (libs/contracts search-queries.ts). */
  summary: z.string().max(5000),
  publishedAt: z.string(),
});
/**
 * Search also ranks tech analyses (`kind: 'tech-analysis'`, their page at `url`); the assistant cites
 * articles by their /article/{id} path, so the client leaves analyses out.
 */
const isTechAnalysis = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && (item as { kind?: unknown }).kind === 'tech-analysis';
const searchPageSchema = z.object({
  articles: z
    .array(z.unknown())
    .transform((items) => items.filter((item) => !isTechAnalysis(item)))
    .pipe(z.array(searchItemSchema)),
  total: z.number(),
});
const articleDetailSchema = z.object({
  article: z.object({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(500),
    summary: z.string().max(5000),
    /** Sanitised HTML. */
    content: z.string(),
    publishedAt: z.string(),
  }),
});
/** A tech analysis by its slug: only what a bookmark shows of it. */
const techAnalysisDetailSchema = z.object({
  analysis: z.object({ slug: z.string().min(1).max(200), title: z.string().min(1).max(500) }),
});
const articleTitleSchema = z.object({
  article: z.object({ id: z.string().min(1).max(200), title: z.string().min(1).max(500) }),
});
/** Not there, or withdrawn by its editors (410): for a bookmark, both mean there is nothing to keep. */
const GONE = [404, 410] as const;
export type ContentTechAnalysisTitle = z.output<typeof techAnalysisDetailSchema>['analysis'];
export type ContentSearchItem = z.output<typeof searchItemSchema>;
export type ContentArticleText = z.output<typeof articleDetailSchema>['article'];

export class ContentReadError extends Error {}

/**
 * Whether `value` has the form of content's path parameter. One that does not names no item: content would
 * answer 400, which must not read as content failing, so it is not asked.
 */
const canName = (schema: z.ZodType, value: string): boolean => schema.safeParse(value).success;

export class ContentReadClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5_000,
  ) {}

  /** GET /api/articles/search?q=: the best matches, relevance first, each with its matching passage. */
  async search(q: string): Promise<ContentSearchItem[]> {
    const query = new URLSearchParams({ q: q.slice(0, 200), sort: 'relevance' });
    const body = await this.get(`${ENDPOINTS.search.path}?${query}`, searchPageSchema);
    return body?.articles ?? [];
  }

  /** GET /api/articles/{id}; undefined when there is no such article or its editors withdrew it (410). */
  async article(id: string): Promise<ContentArticleText | undefined> {
    if (!canName(idParamSchema, id)) return undefined;
    const body = await this.get(buildPath(ENDPOINTS.article.path, { id }), articleDetailSchema, GONE);
    return body?.article;
  }

  /** GET /api/tech-analysis/{slug}; undefined when there is no such analysis. */
  async techAnalysis(slug: string): Promise<ContentTechAnalysisTitle | undefined> {
    if (!canName(slugParamSchema, slug)) return undefined;
    const body = await this.get(
      buildPath(ENDPOINTS.techAnalysis.path, { slug }),
      techAnalysisDetailSchema,
      GONE,
    );
    return body?.analysis;
  }

  /** GET /api/articles/{id} for its title only; undefined when there is none or its editors withdrew it. */
  async articleTitle(id: string): Promise<{ id: string; title: string } | undefined> {
    if (!canName(idParamSchema, id)) return undefined;
    const body = await this.get(buildPath(ENDPOINTS.article.path, { id }), articleTitleSchema, GONE);
    return body?.article;
  }

  private async get<S extends z.ZodType>(
    path: string,
    schema: S,
    missing: readonly number[] = [404],
  ): Promise<z.output<S> | undefined> {
    let response: Response;
    try {
      response = await fetch(this.baseUrl + path, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ContentReadError(`content ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (missing.includes(response.status)) return undefined;
    if (!response.ok) throw new ContentReadError(`content ${path}: HTTP ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new ContentReadError(
        `content ${path}: unexpected body (${parsed.error.issues[0]?.path.join('.')})`,
      );
    return parsed.data;
  }
}
