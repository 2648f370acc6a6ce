import type { Logger } from 'pino';
import type { LlmConfig } from './llm.config';
import type { ImageGenerator, LanguageModel } from './llm.port';
import { OffImageGenerator } from './off.images';
import { OffLanguageModel } from './off.llm';
import { OpenAiCompatibleImageGenerator } from './openai-compatible.images';
import { OpenAiCompatibleLanguageModel } from './openai-compatible.llm';

export interface LlmDeps {
  logger: Logger;
}

const httpOptions = (config: LlmConfig, baseUrl: string, logger: Logger) => ({
  baseUrl,
  apiKey: config.LLM_API_KEY,
  timeoutMs: config.LLM_TIMEOUT_MS,
  maxRetries: config.LLM_MAX_RETRIES,
  maxConcurrency: config.LLM_MAX_CONCURRENCY,
  breakerFailures: config.LLM_BREAKER_FAILURES,
  breakerCoolDownMs: config.LLM_BREAKER_COOL_DOWN_MS,
  logger,
});

export function createLanguageModel(config: LlmConfig, deps: LlmDeps): LanguageModel {
  if (!config.LLM_BASE_URL) {
    deps.logger.info(
      { adapter: 'off' },
      'LLM: off (LLM_BASE_URL not set) — nothing will be translated or generated',
    );
    return new OffLanguageModel();
  }
  if (!config.LLM_MODEL) throw new Error('LLM_MODEL is required when LLM_BASE_URL is set');
  const logger = deps.logger.child({ adapter: 'openai-compatible', port: 'llm' });
  // Host and model only: the key never goes to the log.
  logger.info(
    { host: new URL(config.LLM_BASE_URL).host, model: config.LLM_MODEL },
    'LLM: OpenAI-compatible API',
  );
  return new OpenAiCompatibleLanguageModel({
    ...httpOptions(config, config.LLM_BASE_URL, logger),
    model: config.LLM_MODEL,
  });
}

export function createImageGenerator(config: LlmConfig, deps: LlmDeps): ImageGenerator {
  if (!config.LLM_BASE_URL || !config.IMAGE_MODEL) {
    const missing = config.LLM_BASE_URL ? 'IMAGE_MODEL' : 'LLM_BASE_URL';
    deps.logger.info({ adapter: 'off' }, `image generation: off (${missing} not set)`);
    return new OffImageGenerator(missing);
  }
  const logger = deps.logger.child({ adapter: 'openai-compatible', port: 'images' });
  logger.info(
    { host: new URL(config.LLM_BASE_URL).host, model: config.IMAGE_MODEL },
    'image generation: OpenAI-compatible API',
  );
  return new OpenAiCompatibleImageGenerator({
    ...httpOptions(config, config.LLM_BASE_URL, logger),
    model: config.IMAGE_MODEL,
  });
}
