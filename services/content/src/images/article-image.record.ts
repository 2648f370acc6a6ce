/** One stored width of an image. */
export interface ImageVariant {
  /** Pixel size of these bytes (an SVG: its intrinsic size). */
  width: number;
  height: number;
  mimeType: 'image/webp' | 'image/svg+xml';
  /** Quoted strong ETag of the bytes. */
  etag: string;
  /** The bytes, base64 (documents are JSON, store port rules). */
  data: string;
}

/** Variants are keyed `w640` etc. (store keys may not be bare numbers in dotted paths). */
export type VariantKey = `w${number}`;
export const variantKey = (slot: number): VariantKey => `w${slot}`;

/**
 * The one generated image of an article (collection 'article_images', _id = the article id). Inserted as
 * a claim ('generating') by whoever generates it, so concurrent calls on any replica wait for that one
 * instead of generating again; completed ('ready') with its variants. All widths of an image stay well
 * under MongoDB's 16 MB document limit: WebP at quality 75 up to 1920 px is a few hundred KB each.
 */
export interface ArticleImageRecord {
  _id: string;
  state: 'generating' | 'ready';
  /** Who holds the claim; a completion by anyone else (a claim taken over) is refused. */
  claimId: string;
  claimedAt: string;
  /** First 16 hex characters of SHA-256 of the source bytes: the URL's cache key. */
  hash: string | null;
  source: 'api' | 'cover' | null;
  /** Why the cover was drawn instead of the image API's picture (off, timeout, HTTP error…). */
  fallbackReason: string | null;
  /** The IMAGE_WIDTHS slots stored, ascending. */
  slots: number[];
  variants: Partial<Record<VariantKey, ImageVariant>>;
  /** What the article's imageUrl was set to (absolute URL of the 1280 slot). */
  imageUrl: string | null;
  generatedAt: string | null;
}

/** A ready image without its bytes: what serving needs to choose a width and answer 304. */
export type ImageMeta = Pick<ArticleImageRecord, '_id' | 'hash' | 'slots' | 'imageUrl'> & {
  variants: Partial<Record<VariantKey, Omit<ImageVariant, 'data'>>>;
};
