import { LlmDisabledError } from './llm.errors';
import type { Completion, CompletionChunk, LanguageModel, LlmHealth } from './llm.port';

/**
 * The embedded default when LLM_BASE_URL is unset. It generates nothing and says so: callers catch
 * LlmDisabledError and keep the English original as pending, rather than publish invented text.
 */
export class OffLanguageModel implements LanguageModel {
  readonly adapterName = 'off';
  readonly enabled = false;

  async check(): Promise<LlmHealth> {
    // Healthy: running without an LLM is a supported mode, not an outage.
    return { ok: true, detail: 'off: LLM_BASE_URL is not set, nothing is generated' };
  }

  async close(): Promise<void> {}

  async complete(): Promise<Completion> {
    throw new LlmDisabledError('LLM_BASE_URL');
  }

  async *stream(): AsyncGenerator<CompletionChunk> {
    throw new LlmDisabledError('LLM_BASE_URL');
  }
}
