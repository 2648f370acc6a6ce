export * from './llm.port';
export * from './llm.errors';
export * from './llm.config';
export * from './llm.factory';
export { OffLanguageModel } from './off.llm';
export { OffImageGenerator } from './off.images';
export { OpenAiCompatibleLanguageModel, type OpenAiCompatibleLlmOptions } from './openai-compatible.llm';
export {
  OpenAiCompatibleImageGenerator,
  type OpenAiCompatibleImagesOptions,
} from './openai-compatible.images';
export type { OpenAiHttpOptions } from './openai-http.client';
