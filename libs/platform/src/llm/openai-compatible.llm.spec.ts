import pino from 'pino';
import { describeLanguageModelContract } from '@pulse/testing';
import { OpenAiCompatibleImageGenerator } from './openai-compatible.images';
import { OpenAiCompatibleLanguageModel } from './openai-compatible.llm';

const logger = pino({ level: 'silent' });

describeLanguageModelContract('OpenAI-compatible HTTP API', {
  capability: 'generates',
  make: ({ model, imageModel, ...http }) => ({
    llm: new OpenAiCompatibleLanguageModel({ ...http, model, logger }),
    images: new OpenAiCompatibleImageGenerator({ ...http, model: imageModel, logger }),
  }),
});
