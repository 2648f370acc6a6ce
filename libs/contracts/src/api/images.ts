import { z } from 'zod';
import { IMAGE_WIDTHS } from './constants';
import { oneOf, strictParams, type Values } from './params';

/**
 * Generated article images (docs/spec-content.md §4 'one generation attempt per article', §9 image widths).
 *
 * Chosen (the seed does not show how images are served); {id} is the article's id:
 *   GET /api/content/images/{id}/{hash}?w={width}  immutable: the hash names the stored content
 *   GET /api/content/images/{id}?w={width}         the article's current image, briefly cacheable
 * `w` is one of IMAGE_WIDTHS; without it the largest stored width is sent. An article's imageUrl is the
 * absolute URL of the 1280 variant; a client builds its srcset with imageSrcSet(imageUrl).
 */

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width an article's imageUrl names (the detail page's hero size). */
export const ARTICLE_IMAGE_URL_WIDTH: ImageWidth = 1280;

const WIDTH_TEXTS = IMAGE_WIDTHS.map(String) as unknown as Values;

/** Query of both image URLs: `w` (optional) must be one of the seed's widths. */
export const imageQuerySchema = strictParams({
  w: oneOf('w', WIDTH_TEXTS)
    .transform((text) => Number(text) as ImageWidth)
    .optional(),
});
export type ImageQuery = z.output<typeof imageQuerySchema>;

/** The content hash in an image URL: 16 lowercase hex characters (the start of a SHA-256). */
export const imageHashSchema = z
  .string({ error: () => 'hash is required' })
  .regex(/^[0-9a-f]{16}$/, { error: 'hash must be 16 lowercase hexadecimal characters' });

export const IMAGES_PATH = '/api/content/images';

/** Site-relative URL of one width of a stored image. */
export const generatedImagePath = (articleId: string, hash: string, width: ImageWidth): string =>
  `${IMAGES_PATH}/${encodeURIComponent(articleId)}/${hash}?w=${width}`;

const GENERATED_IMAGE_URL = /^(.*\/api\/content\/images\/[A-Za-z0-9_-]{1,100}\/[0-9a-f]{16})\?w=\d+$/;

/** Whether an image URL is one the content service generated (then a re-translation keeps it). */
export const isGeneratedImageUrl = (imageUrl: string | null | undefined): boolean =>
  imageUrl ? GENERATED_IMAGE_URL.test(imageUrl) : false;

/**
 * The srcset of a generated image (`…?w=320 320w, …?w=640 640w, …`), or undefined for any other URL:
 * a source's own image has one size, so it goes in `src` alone.
 */
export function imageSrcSet(imageUrl: string | null | undefined): string | undefined {
  const match = imageUrl ? GENERATED_IMAGE_URL.exec(imageUrl) : null;
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${match[1]}?w=${width} ${width}w`).join(', ');
}
