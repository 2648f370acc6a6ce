import pino from 'pino';
import { llmConfigSchema } from './llm.config';
import { createImageGenerator, createLanguageModel } from './llm.factory';
import { OffImageGenerator } from './off.images';
import { OffLanguageModel } from './off.llm';
import { OpenAiCompatibleImageGenerator } from './openai-compatible.images';
import { OpenAiCompatibleLanguageModel } from './openai-compatible.llm';

const logger = pino({ level: 'silent' });

describe('LLM configuration', () => {
  it('is off by default, with a 60 s timeout, 3 retries, 8 calls at once, and a breaker opening for 30 s after 5 failed calls', () => {
    expect(llmConfigSchema.parse({})).toEqual({
      LLM_TIMEOUT_MS: 60_000,
      LLM_MAX_RETRIES: 3,
      LLM_MAX_CONCURRENCY: 8,
      LLM_BREAKER_FAILURES: 5,
      LLM_BREAKER_COOL_DOWN_MS: 30_000,
    });
  });

  it('names LLM_MODEL when a base URL has no model', () => {
    const result = llmConfigSchema.safeParse({ LLM_BASE_URL: 'https://api.example.com/v1' });
    expect(result.error?.issues[0].path).toEqual(['LLM_MODEL']);
  });

  it('names LLM_BASE_URL when an image model has no API', () => {
    expect(llmConfigSchema.safeParse({ IMAGE_MODEL: 'gpt-image-1' }).error?.issues[0].path).toEqual([
      'LLM_BASE_URL',
    ]);
  });

  it('names the numeric variables it cannot read', () => {
    expect(llmConfigSchema.safeParse({ LLM_TIMEOUT_MS: 'soon' }).error?.issues[0].path).toEqual([
      'LLM_TIMEOUT_MS',
    ]);
    expect(llmConfigSchema.safeParse({ LLM_MAX_RETRIES: '-1' }).error?.issues[0].path).toEqual([
      'LLM_MAX_RETRIES',
    ]);
    expect(llmConfigSchema.safeParse({ LLM_BREAKER_FAILURES: '0' }).error?.issues[0].path).toEqual([
      'LLM_BREAKER_FAILURES',
    ]);
    expect(llmConfigSchema.safeParse({ LLM_BREAKER_COOL_DOWN_MS: '10' }).error?.issues[0].path).toEqual([
      'LLM_BREAKER_COOL_DOWN_MS',
    ]);
  });

  it('describes every variable for the README table', () => {
    for (const [name, field] of Object.entries(llmConfigSchema.shape)) {
      expect([name, field.description]).toEqual([name, expect.any(String)]);
    }
  });

  it('builds off adapters without a base URL, and HTTP adapters with one', async () => {
    const off = llmConfigSchema.parse({});
    expect(createLanguageModel(off, { logger })).toBeInstanceOf(OffLanguageModel);
    await expect(
      createImageGenerator(off, { logger }).generate({ prompt: 'x', size: '1024x1024' }),
    ).rejects.toThrow('LLM_BASE_URL');

    const textOnly = llmConfigSchema.parse({
      LLM_BASE_URL: 'https://api.example.com/v1',
      LLM_MODEL: 'gpt-4.1-mini',
    });
    const llm = createLanguageModel(textOnly, { logger });
    expect(llm).toBeInstanceOf(OpenAiCompatibleLanguageModel);
    const noImages = createImageGenerator(textOnly, { logger });
    expect(noImages).toBeInstanceOf(OffImageGenerator);
    await expect(noImages.generate({ prompt: 'x', size: '1024x1024' })).rejects.toThrow('IMAGE_MODEL');

    const images = createImageGenerator({ ...textOnly, IMAGE_MODEL: 'gpt-image-1' }, { logger });
    expect(images).toBeInstanceOf(OpenAiCompatibleImageGenerator);
    await Promise.all([llm.close(), images.close()]);
  });
});
