import { createHash } from 'node:crypto';
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS } from '@pulse/contracts';
import sharp from 'sharp';
import type { ImageVariant } from './article-image.record';

// Each image is decoded once per width and never again: libvips' operation cache would only hold memory.
sharp.cache(false);

/** Larger inputs are refused before decoding (a 1920-wide cover is 2 Mpx; API images are about 1.5 Mpx). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface Variants {
  /** Keyed by the IMAGE_WIDTHS slot they answer, e.g. 640 (the bytes may be narrower, never wider). */
  bySlot: Map<number, ImageVariant>;
}

export const etagOf = (bytes: Buffer | string): string =>
  `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;

/**
 * WebP at the seed's quality (75) for every width up to the original's, never enlarged; an image
 * narrower than 320 is stored once, at its own size. The result is deterministic: the same input and
 * libvips build give the same bytes.
 */
export async function rasterVariants(input: Buffer): Promise<Variants> {
  const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const originalWidth = metadata.autoOrient?.width ?? metadata.width;
  if (!originalWidth) throw new Error('the image has no width');
  const slots = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  const bySlot = new Map<number, ImageVariant>();
  for (const slot of slots.length ? slots : [IMAGE_WIDTHS[0]]) {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      // Tall images are bounded too: a variant is never taller than twice its slot.
      .resize({ width: slot, height: slot * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: DEFAULT_IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    bySlot.set(slot, {
      width: info.width,
      height: info.height,
      mimeType: 'image/webp',
      etag: etagOf(data),
      data: data.toString('base64'),
    });
  }
  return { bySlot };
}
