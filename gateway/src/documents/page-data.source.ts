import { articleTag, buildPath, ENDPOINTS, questionTag, techAnalysisTag } from '@pulse/contracts';
import { outgoingTraceparent, type CacheStore } from '@pulse/platform';
import type { Logger } from 'pino';
import type { RouteTable } from '../proxy/route-table';
import type { MicroCache } from '../proxy/micro-cache';
import type { DocumentPurges } from './documents.plugin';
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
/**
 * How long a page's data is kept for the documents rendered from it: a minute spares the services the bots.
 * An edit does not wait it out: the purge of the item's cache tag drops it (see PageDataSource).
 */
export const PAGE_DATA_TTL_MS = 60_000;
/** How many tech analyses' slugs are remembered for their purges (by id); older ones wait out the TTL. */
const MAX_REMEMBERED_SLUGS = 5_000;

class Unavailable extends Error {}

const articleKey = (id: string) => `gateway:page:article:${id}`;
const techAnalysisKey = (slug: string) => `gateway:page:tech-analysis:${slug}`;
const questionKey = (id: string) => `gateway:page:question:${id}`;
const answersKey = (id: string) => `gateway:page:answers:${id}`;

/**
 * Fetches what a document head needs from the content and community services, through the same upstream
 * the proxy uses (in-process or HTTP). Found items are cached for PAGE_DATA_TTL_MS through the cache port
 * (shared by the gateway's replicas on Redis); a missing one is not cached, so an article published a
 * moment later is found at once. The services' purges (`purges`, heard by the micro-cache) drop an item's
 * entries when it changes, so the page re-rendered after an edit or a new answer shows it at once; an entry
 * loaded while its purge landed is dropped too, as it may predate the change.
 */
export class PageDataSource {
  /** Tech-analysis id → slug: their entries are kept by slug, their purges name the id. */
  private readonly techAnalysisSlugs = new Map<string, string>();

  constructor(
    private readonly table: RouteTable,
    private readonly cache: CacheStore,
    private readonly logger: Logger,
    private readonly purges?: DocumentPurges,
    private readonly now: () => number = Date.now,
  ) {
    purges?.onPurge((tags) => void this.dropPurged(tags));
  }

  article(id: string, requestId: string): Promise<Lookup<ArticlePage>> {
    const path = buildPath(ENDPOINTS.article.path, { id });
    return this.lookup(
      articleKey(id),
      () => articleTag(id),
      path,
      requestId,
      (body) => articleResponseSchema.parse(body).article,
    );
  }

  async techAnalysis(slug: string, requestId: string): Promise<Lookup<TechAnalysisPage>> {
    const path = buildPath(ENDPOINTS.techAnalysis.path, { slug });
    const found = await this.lookup<TechAnalysisPage>(
      techAnalysisKey(slug),
      (analysis) => techAnalysisTag(analysis.id),
      path,
      requestId,
      (body) => techAnalysisResponseSchema.parse(body).analysis,
    );
    if (found.status === 'found') this.rememberSlug(found.value.id, slug);
    return found;
  }

  /** A question and its answers (accepted first), for /community/questions/{id}. */
  async question(
    id: string,
    requestId: string,
  ): Promise<Lookup<{ question: QuestionPage; answers: AnswerPage[] }>> {
    const question = await this.lookup(
      questionKey(id),
      () => questionTag(id),
      buildPath(ENDPOINTS.question.path, { id }),
      requestId,
      (body) => questionResponseSchema.parse(body).data,
    );
    if (question.status !== 'found') return question;
    const answers = await this.lookup(
      answersKey(id),
      () => questionTag(id),
      `${buildPath(ENDPOINTS.answerList.path, { id })}?sortBy=popular`,
      requestId,
      (body) => answersResponseSchema.parse(body).data,
    );
    return {
      status: 'found',
      value: { question: question.value, answers: answers.status === 'found' ? answers.value : [] },
    };
  }

  /** Deletes the entries of every item a purge names (tags are `kind:id`, @pulse/contracts cache-purge.ts). */
  private async dropPurged(tags: ReadonlySet<string>): Promise<void> {
    const keys: string[] = [];
    for (const tag of tags) {
      const id = tag.slice(tag.indexOf(':') + 1);
      if (tag === articleTag(id)) keys.push(articleKey(id));
      else if (tag === questionTag(id)) keys.push(questionKey(id), answersKey(id));
      else if (tag === techAnalysisTag(id) && this.techAnalysisSlugs.has(id))
        keys.push(techAnalysisKey(this.techAnalysisSlugs.get(id)!));
    }
    if (keys.length > 0) await this.cache.del(keys).catch(() => undefined);
  }

  private rememberSlug(id: string, slug: string): void {
    this.techAnalysisSlugs.delete(id);
    this.techAnalysisSlugs.set(id, slug);
    // A Map iterates in insertion order: the first is the one read longest ago.
    if (this.techAnalysisSlugs.size > MAX_REMEMBERED_SLUGS)
      this.techAnalysisSlugs.delete(this.techAnalysisSlugs.keys().next().value!);
  }

  /**
   * The item at `path`, through the cache entry `key`. `tagOf` names what the services purge it by: an
   * entry read while a purge of it landed is used once, then deleted.
   */
  private async lookup<T>(
    key: string,
    tagOf: (value: T) => string,
    path: string,
    requestId: string,
    read: (body: unknown) => T,
  ): Promise<Lookup<T>> {
    const load = () => this.fetch(path, requestId, read);
    const startedAt = this.now();
    let value: T | undefined;
    try {
      value = await this.cache.getOrLoad(key, PAGE_DATA_TTL_MS, load);
      if (value !== undefined && this.purges?.purgedSince(startedAt, [tagOf(value)]))
        await this.cache.del(key).catch(() => undefined);
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
      traceparent: outgoingTraceparent(),
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
