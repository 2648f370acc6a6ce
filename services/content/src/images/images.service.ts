import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  ARTICLE_IMAGE_URL_WIDTH,
  generatedImagePath,
  type GenerateImageResponse,
  type ImageQuery,
} from '@pulse/contracts';
import type { ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import { ARTICLE_NOT_FOUND } from '../articles/articles.service';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { variantKey, type ImageMeta } from './article-image.record';
import { ArticleImageLink } from './article-image-link';
import { ArticleImagesRepository } from './article-images.repository';
import {
  chooseSlot,
  CURRENT_CACHE,
  etagMatches,
  IMAGE_SECURITY_HEADERS,
  IMMUTABLE_CACHE,
} from './image-delivery';
import { ImageProducer } from './image-producer';
import { IMAGES_CONFIG, type ImagesConfig } from './images.config';
import { CLOCK, type Clock } from '@pulse/platform';

export const IMAGE_NOT_FOUND = 'Image not found';
/** A caller waiting on another replica's generation looks again this often. */
const WAIT_POLL_MS = 200;
/** Beyond the API timeout, what a claim holder may still spend (rasterising, storing) before it counts as gone. */
const CLAIM_SLACK_MS = 60_000;
/** Ready images' metadata kept in memory: it never changes once ready, and a 304 then needs no read. */
const META_CACHE_SIZE = 2_000;

export interface ImageReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * The generated image of an article (docs/spec-content.md §4 'one generation attempt per article'): made once — the
 * store's claim document decides who makes it, every other caller gets the same stored image — then
 * served per width with immutable caching.
 */
@Injectable()
export class ImagesService {
  private readonly inFlight = new Map<string, Promise<GenerateImageResponse>>();
  private readonly metaCache = new Map<string, ImageMeta>();

  constructor(
    private readonly articles: ArticlesRepository,
    private readonly images: ArticleImagesRepository,
    private readonly producer: ImageProducer,
    private readonly link: ArticleImageLink,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/articles/:id/generate-image. */
  generate(articleId: string): Promise<GenerateImageResponse> {
    // Concurrent calls in this process share one run; other replicas meet at the store's claim.
    let running = this.inFlight.get(articleId);
    if (!running) {
      running = this.generateOnce(articleId).finally(() => this.inFlight.delete(articleId));
      this.inFlight.set(articleId, running);
    }
    return running;
  }

  /** GET /api/content/images/:id/:hash (hash given) and /api/content/images/:id (the current image). */
  async serve(
    articleId: string,
    wanted: string | undefined,
    query: ImageQuery,
    ifNoneMatch?: string | string[],
  ): Promise<ImageReply> {
    const { w } = query;
    const meta = await this.readyMeta(articleId);
    if (!meta || (wanted !== undefined && meta.hash !== wanted)) throw new NotFoundException(IMAGE_NOT_FOUND);
    const key = variantKey(chooseSlot(meta.slots, w));
    const variant = meta.variants[key];
    if (!variant) throw new NotFoundException(IMAGE_NOT_FOUND);
    const headers = {
      ...IMAGE_SECURITY_HEADERS,
      'cache-control': wanted === undefined ? CURRENT_CACHE : IMMUTABLE_CACHE,
      etag: variant.etag,
    };
    if (etagMatches(ifNoneMatch, variant.etag)) return { status: 304, headers };
    const data = await this.images.variantData(articleId, key);
    if (data === null) throw new NotFoundException(IMAGE_NOT_FOUND);
    return {
      status: 200,
      headers: { ...headers, 'content-type': variant.mimeType },
      body: Buffer.from(data, 'base64'),
    };
  }

  private async generateOnce(articleId: string): Promise<GenerateImageResponse> {
    const article = await this.articles.findPublished(articleId);
    if (!article) throw new NotFoundException(ARTICLE_NOT_FOUND);
    const claimId = randomUUID();
    // How long this request waits on another holder is real elapsed time (it sleeps between polls),
    // so the budget reads the monotonic timer; claim staleness is stored time and reads the Clock.
    const giveUpAt = performance.now() + this.claimLeaseMs() + CLAIM_SLACK_MS;
    for (;;) {
      const image = await this.images.status(articleId);
      if (image?.state === 'ready' && image.imageUrl) {
        // Also repairs an article left unpointed by a crash between storing the image and linking it.
        await this.link.apply(articleId, image.imageUrl);
        return { imageUrl: image.imageUrl };
      }
      const now = new Date(this.clock.now()).toISOString();
      const mine = image
        ? this.isStale(image.claimedAt) &&
          (await this.images.takeOver(articleId, image.claimId, claimId, now))
        : await this.images.claim(articleId, claimId, now);
      if (mine) {
        const made = await this.produceAndStore(article, claimId);
        if (made) return made;
        continue; // our claim was taken over meanwhile: the other holder's image is the one
      }
      if (performance.now() > giveUpAt) {
        throw new ServiceUnavailableException('The image is still being generated; try again shortly');
      }
      if (image) await delay(WAIT_POLL_MS);
    }
  }

  private async produceAndStore(
    article: ArticleRecord,
    claimId: string,
  ): Promise<GenerateImageResponse | null> {
    let produced;
    try {
      produced = await this.producer.produce(article);
    } catch (error) {
      // Not an API failure (those end in the cover) but a fault here: let a later call try again.
      await this.images.release(article._id, claimId);
      throw error;
    }
    const path = generatedImagePath(article._id, produced.hash, ARTICLE_IMAGE_URL_WIDTH);
    // Site-relative: the browser loads it from whichever origin it reads the site on (localhost,
    // 127.0.0.1, the public host) under the CSP's img-src 'self'; events and feeds make it absolute.
    const imageUrl = path;
    const generatedAt = new Date(this.clock.now()).toISOString();
    if (!(await this.images.complete(article._id, claimId, { ...produced, imageUrl, generatedAt })))
      return null;
    await this.link.apply(article._id, imageUrl);
    return { imageUrl };
  }

  private claimLeaseMs(): number {
    return this.config.IMAGE_GENERATION_TIMEOUT_MS + CLAIM_SLACK_MS;
  }

  /** A claim older than the lease belongs to a holder that stopped (a crash, a killed pod). */
  private isStale(claimedAt: string): boolean {
    return this.clock.now() - Date.parse(claimedAt) > this.claimLeaseMs();
  }

  private async readyMeta(articleId: string): Promise<ImageMeta | null> {
    const cached = this.metaCache.get(articleId);
    if (cached) return cached;
    const meta = await this.images.readyMeta(articleId);
    if (!meta) return null;
    if (this.metaCache.size >= META_CACHE_SIZE) this.metaCache.delete(this.metaCache.keys().next().value!);
    this.metaCache.set(articleId, meta);
    return meta;
  }
}
