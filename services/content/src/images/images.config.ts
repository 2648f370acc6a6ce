import { z } from 'zod';

/** Article images: the image API (LLM_BASE_URL, IMAGE_MODEL) is the platform's port; these are ours. */
export const imagesConfigSchema = z.object({
  IMAGE_API_SIZE: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/, { error: 'must look like 1536x1024' })
    .default('1536x1024')
    .describe(
      'Size asked of the image API (POST /images/generations), WIDTHxHEIGHT; a landscape size the model supports.',
    ),
  IMAGE_GENERATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(600_000)
    .default(120_000)
    .describe(
      'Longest wait for the image API, retries included; after it the deterministic cover is stored instead.',
    ),
  IMAGE_COVER_FORMAT: z
    .enum(['auto', 'webp', 'svg'])
    .default('auto')
    .describe(
      "How the fallback cover is stored: 'webp' rasterised per width (needs a Korean font such as fonts-noto-cjk), 'svg' as vector, 'auto' webp when fontconfig lists a Korean font.",
    ),
});

export type ImagesConfig = z.output<typeof imagesConfigSchema>;

export const IMAGES_CONFIG = Symbol.for('pulse.content.ImagesConfig');
