import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CATEGORY_DEFINITIONS, IMAGE_WIDTHS } from '@pulse/contracts';
import { IMAGE_GENERATOR, LOGGER, type ImageGenerator, type ImageSize } from '@pulse/platform';
import type { Logger } from 'pino';
import type { ArticleRecord } from '../articles/article.record';
import { variantKey, type ImageVariant, type VariantKey } from './article-image.record';
import type { ReadyImage } from './article-images.repository';
import { COVER_HEIGHT, COVER_WIDTH, drawCover } from './cover.svg';
import { resolveCoverFormat, type CoverFormat } from './cover-format';
import { IMAGES_CONFIG, type ImagesConfig } from './images.config';
import { etagOf, rasterVariants } from './raster';

export type ProducedImage = Pick<ReadyImage, 'source' | 'fallbackReason' | 'slots' | 'variants'> & {
  hash: string;
};

const contentHash = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * Makes an article's image: the image API's picture when it is configured and answers, else the
 * deterministic cover. Never fails because of the API: any API error ends in the cover.
 */
@Injectable()
export class ImageProducer {
  private coverFormat?: Promise<CoverFormat>;

  constructor(
    @Inject(IMAGE_GENERATOR) private readonly generator: ImageGenerator,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async produce(article: ArticleRecord): Promise<ProducedImage> {
    if (!this.generator.enabled) return this.cover(article, 'image generation is off');
    try {
      const image = await this.generator.generate({
        prompt: imagePrompt(article),
        size: this.config.IMAGE_API_SIZE as ImageSize,
        signal: AbortSignal.timeout(this.config.IMAGE_GENERATION_TIMEOUT_MS),
      });
      const { bySlot } = await rasterVariants(image.bytes);
      return { hash: contentHash(image.bytes), source: 'api', fallbackReason: null, ...stored(bySlot) };
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.logger.warn({ err: error, articleId: article._id }, 'image API failed; drawing the cover instead');
      return this.cover(article, reason.slice(0, 500));
    }
  }

  /** The cover from title and category: rasterised per width, or the SVG itself when no Korean font. */
  async cover(article: ArticleRecord, fallbackReason: string): Promise<ProducedImage> {
    const svg = drawCover({
      articleId: article._id,
      title: article.title,
      category: article.primaryCategory,
    });
    const format = await this.format();
    const hash = contentHash(`${format}\n${svg}`);
    if (format === 'webp') {
      const { bySlot } = await rasterVariants(Buffer.from(svg));
      return { hash, source: 'cover', fallbackReason, ...stored(bySlot) };
    }
    // A vector fits every width: stored once, under the largest slot.
    const slot = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const variant: ImageVariant = {
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
      mimeType: 'image/svg+xml',
      etag: etagOf(svg),
      data: Buffer.from(svg).toString('base64'),
    };
    return {
      hash,
      source: 'cover',
      fallbackReason,
      slots: [slot],
      variants: { [variantKey(slot)]: variant },
    };
  }

  private format(): Promise<CoverFormat> {
    this.coverFormat ??= resolveCoverFormat(this.config.IMAGE_COVER_FORMAT).then(({ format, why }) => {
      this.logger.info({ format, why }, 'fallback covers: %s', format);
      return format;
    });
    return this.coverFormat;
  }
}

function stored(bySlot: Map<number, ImageVariant>): Pick<ProducedImage, 'slots' | 'variants'> {
  const variants: Partial<Record<VariantKey, ImageVariant>> = {};
  for (const [slot, variant] of bySlot) variants[variantKey(slot)] = variant;
  return { slots: [...bySlot.keys()].sort((a, b) => a - b), variants };
}

/**
 * The title is untrusted text (it came from a source through the LLM): it is quoted as the subject, and
 * the instruction that matters — no text in the picture — comes after it.
 */
export function imagePrompt(article: ArticleRecord): string {
  const category = CATEGORY_DEFINITIONS[article.primaryCategory];
  const title = article.title.replace(/\s+/g, ' ').replace(/"/g, '”').trim().slice(0, 200);
  return [
    `Editorial cover illustration for a Korean technology news article in the category "${category.englishName}".`,
    `The article's headline, for its subject only: """${title}"""`,
    `Modern, clean, abstract composition with accents of ${category.color}; landscape; suitable as a news thumbnail.`,
    'Do not render any text, letters, numbers, captions, logos or watermarks in the image.',
  ].join('\n');
}
