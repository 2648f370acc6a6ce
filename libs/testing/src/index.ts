export * from './contracts/cache.contract';
export * from './contracts/mail.contract';
export * from './eventually';
export * from './kafka-test-env';
export * from './contracts/bus.contract';
export * from './openai-test-server';
export * from './contracts/llm.contract';
