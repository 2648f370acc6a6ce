import { LlmDisabledError } from './llm.errors';
import type { GeneratedImage, ImageGenerator, LlmHealth } from './llm.port';

/** Image generation switched off (no LLM_BASE_URL or no IMAGE_MODEL): generates nothing and says so. */
export class OffImageGenerator implements ImageGenerator {
  readonly adapterName = 'off';
  readonly enabled = false;

  /** Which setting is missing, named in every error. */
  constructor(private readonly missing: 'LLM_BASE_URL' | 'IMAGE_MODEL' = 'IMAGE_MODEL') {}

  async check(): Promise<LlmHealth> {
    return { ok: true, detail: `off: ${this.missing} is not set, no images are generated` };
  }

  async close(): Promise<void> {}

  async generate(): Promise<GeneratedImage> {
    throw new LlmDisabledError(this.missing);
  }
}
