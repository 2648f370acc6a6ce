import { buildPath, ENDPOINTS } from '@pulse/contracts';
import { currentTraceparent, type CacheStore } from '@pulse/platform';
import type { Logger } from 'pino';
import type { RouteTable } from '../proxy/route-table';
import type { MicroCache } from '../proxy/micro-cache';
import type { ForwardRequest, ForwardResponse, Upstream } from '../upstreams/upstream';
import {
  articleResponseSchema,
  techAnalysisResponseSchema,
  type ArticlePage,
  type TechAnalysisPage,
} from './page-data';
import {
  answersResponseSchema,
  questionResponseSchema,
  type AnswerPage,
  type QuestionPage,
} from './question-page';

export type Lookup<T> = { status: 'found'; value: T } | { status: 'missing' } | { status: 'unavailable' };

/** A document waits this long for its article; a slow service then gets a generic head, not a slow page. */
export const PAGE_DATA_TIMEOUT_MS = 3000;
/** Rendered heads change when an article is edited; a minute of staleness spares the service the bots. */
export const PAGE_DATA_TTL_MS = 60_000;
/**
 * Questions change by the minute (answers, accept, delete) and no event tells the gateway, so their pages
 * are cached only long enough to absorb a burst of crawler or reader requests.
 */
export const QUESTION_PAGE_TTL_MS = 5_000;

class Unavailable extends Error {}

/**
 * Fetches what a document head needs from the content service, through the same upstream the proxy
 * uses (in-process or HTTP). Found articles are cached briefly through the cache port; a missing one is
 * not cached, so an article published a moment later is found at once.
 */
export class PageDataSource {
  constructor(
    private readonly table: RouteTable,
    private readonly cache: CacheStore,
    private readonly logger: Logger,
  ) {}

  article(id: string, requestId: string): Promise<Lookup<ArticlePage>> {
    const path = buildPath(ENDPOINTS.article.path, { id });
    return this.lookup(
      `gateway:page:article:${id}`,
      path,
      requestId,
      (body) => articleResponseSchema.parse(body).article,
    );
  }

  techAnalysis(slug: string, requestId: string): Promise<Lookup<TechAnalysisPage>> {
    const path = buildPath(ENDPOINTS.techAnalysis.path, { slug });
    return this.lookup(
      `gateway:page:tech-analysis:${slug}`,
      path,
      requestId,
      (body) => techAnalysisResponseSchema.parse(body).analysis,
    );
  }

  /** A question and its answers (accepted first), for /community/questions/{id}. */
  async question(
    id: string,
    requestId: string,
  ): Promise<Lookup<{ question: QuestionPage; answers: AnswerPage[] }>> {
    const question = await this.lookup(
      `gateway:page:question:${id}`,
      buildPath(ENDPOINTS.question.path, { id }),
      requestId,
      (body) => questionResponseSchema.parse(body).data,
      QUESTION_PAGE_TTL_MS,
    );
    if (question.status !== 'found') return question;
    const answers = await this.lookup(
      `gateway:page:answers:${id}`,
      `${buildPath(ENDPOINTS.answerList.path, { id })}?sortBy=popular`,
      requestId,
      (body) => answersResponseSchema.parse(body).data,
      QUESTION_PAGE_TTL_MS,
    );
    return {
      status: 'found',
      value: { question: question.value, answers: answers.status === 'found' ? answers.value : [] },
    };
  }

  private async lookup<T>(
    key: string,
    path: string,
    requestId: string,
    read: (body: unknown) => T,
    ttlMs = PAGE_DATA_TTL_MS,
  ): Promise<Lookup<T>> {
    const load = () => this.fetch(path, requestId, read);
    let value: T | undefined;
    try {
      value = await this.cache.getOrLoad(key, ttlMs, load);
    } catch (error) {
      if (error instanceof Unavailable) {
        // A content outage must not turn pages into 404s: the caller renders a generic head.
        this.logger.warn({ requestId, path, reason: error.message }, 'page data unavailable; generic head');
        return { status: 'unavailable' };
      }
      this.logger.warn({ err: error, requestId }, 'page cache unavailable; fetching directly');
      return this.lookupUncached(path, requestId, read);
    }
    return value === undefined ? { status: 'missing' } : { status: 'found', value };
  }

  private async lookupUncached<T>(
    path: string,
    requestId: string,
    read: (body: unknown) => T,
  ): Promise<Lookup<T>> {
    try {
      const value = await this.fetch(path, requestId, read);
      return value === undefined ? { status: 'missing' } : { status: 'found', value };
    } catch (error) {
      this.logger.warn(
        { requestId, path, reason: (error as Error).message },
        'page data unavailable; generic head',
      );
      return { status: 'unavailable' };
    }
  }

  /** The value, undefined when the service says there is no such item, or Unavailable. */
  private async fetch<T>(
    path: string,
    requestId: string,
    read: (body: unknown) => T,
  ): Promise<T | undefined> {
    const upstream = this.table.resolve(path);
    if (!upstream) throw new Unavailable(`no service routes ${path}`);
    try {
      const response = await pageRenderRead(
        upstream,
        path,
        requestId,
        () => new Unavailable(`no answer within ${PAGE_DATA_TIMEOUT_MS} ms`),
      );
      // 400: the service refuses the id's form, so no such item can exist either.
      if (response.statusCode === 404 || response.statusCode === 400) return undefined;
      if (response.statusCode !== 200)
        throw new Unavailable(`${upstream.service} answered ${response.statusCode}`);
      return read(JSON.parse(response.body.toString('utf8')) as unknown);
    } catch (error) {
      if (error instanceof Unavailable) throw error;
      throw new Unavailable(`${upstream.service}: ${(error as Error).message}`);
    }
  }
}

/**
 * A GET of `path` as a page render makes it: anonymous, within PAGE_DATA_TIMEOUT_MS, after which it rejects
 * with `onTimeout()`. No read counts a view (readers' views are their own POSTs), so a render needs no
 * marking. The documents' own reads and the server render's reads (api-reader.ts) both go through it; the
 * latter through `microCache` when it applies.
 */
export async function pageRenderRead(
  upstream: Upstream,
  path: string,
  requestId: string,
  onTimeout: () => Error,
  microCache?: MicroCache,
): Promise<ForwardResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), PAGE_DATA_TIMEOUT_MS);
  });
  const request: ForwardRequest = {
    method: 'GET',
    url: path,
    headers: {
      accept: 'application/json',
      'x-request-id': requestId,
      traceparent: currentTraceparent(),
    },
  };
  try {
    return await Promise.race([
      microCache ? microCache.forward(upstream, request) : upstream.forward(request),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
