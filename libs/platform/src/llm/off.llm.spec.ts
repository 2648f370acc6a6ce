import { describeLanguageModelContract } from '@pulse/testing';
import { OffImageGenerator } from './off.images';
import { OffLanguageModel } from './off.llm';

describeLanguageModelContract('off (no LLM configured)', {
  capability: 'off',
  make: () => ({ llm: new OffLanguageModel(), images: new OffImageGenerator('LLM_BASE_URL') }),
});
