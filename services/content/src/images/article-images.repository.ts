import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_WIDTHS } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  type Collection,
  type DocumentStore,
  type Projection,
} from '@pulse/platform';
import { variantKey, type ArticleImageRecord, type ImageMeta, type VariantKey } from './article-image.record';

export const ARTICLE_IMAGES_COLLECTION = 'article_images';

/** Every variant's bytes left out: metadata reads stay small however large the image. */
const WITHOUT_BYTES: Projection = Object.fromEntries(
  IMAGE_WIDTHS.map((slot) => [`variants.${variantKey(slot)}.data`, 0 as const]),
);

export type ReadyImage = Pick<
  ArticleImageRecord,
  'hash' | 'source' | 'fallbackReason' | 'slots' | 'variants' | 'imageUrl' | 'generatedAt'
>;

/** Storage of generated images; the _id is the article's, so one image per article is the store's rule. */
@Injectable()
export class ArticleImagesRepository {
  private readonly images: Collection<ArticleImageRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    // Only _id lookups: no other index.
    this.images = store.collection<ArticleImageRecord>(ARTICLE_IMAGES_COLLECTION);
  }

  /** The record without bytes, claimed or ready, or null. */
  status(articleId: string): Promise<Omit<ArticleImageRecord, 'variants'> | null> {
    return this.images.findOne({ _id: articleId }, { projection: { variants: 0 } });
  }

  readyMeta(articleId: string): Promise<ImageMeta | null> {
    return this.images.findOne({ _id: articleId, state: 'ready' }, { projection: WITHOUT_BYTES });
  }

  async variantData(articleId: string, key: VariantKey): Promise<string | null> {
    const record = await this.images.findOne<Pick<ArticleImageRecord, 'variants'>>(
      { _id: articleId, state: 'ready' },
      { projection: { [`variants.${key}.data`]: 1 } },
    );
    return record?.variants[key]?.data ?? null;
  }

  /** Takes the article's one generation; false when someone already holds or finished it. */
  async claim(articleId: string, claimId: string, at: string): Promise<boolean> {
    try {
      await this.images.insertOne({
        _id: articleId,
        state: 'generating',
        claimId,
        claimedAt: at,
        hash: null,
        source: null,
        fallbackReason: null,
        slots: [],
        variants: {},
        imageUrl: null,
        generatedAt: null,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Takes over a claim whose holder stopped (crashed) before finishing; false when another was faster. */
  async takeOver(articleId: string, staleClaimId: string, claimId: string, at: string): Promise<boolean> {
    const { matched } = await this.images.updateOne(
      { _id: articleId, state: 'generating', claimId: staleClaimId },
      { $set: { claimId, claimedAt: at } },
    );
    return matched === 1;
  }

  /** Stores the finished image; false when the claim is no longer ours (nothing written). */
  async complete(articleId: string, claimId: string, image: ReadyImage): Promise<boolean> {
    const { matched } = await this.images.updateOne(
      { _id: articleId, state: 'generating', claimId },
      { $set: { ...image, state: 'ready' } },
    );
    return matched === 1;
  }

  /** Gives a claim up after an unexpected failure, so a later call may try again. */
  async release(articleId: string, claimId: string): Promise<void> {
    await this.images.deleteOne({ _id: articleId, state: 'generating', claimId });
  }
}
