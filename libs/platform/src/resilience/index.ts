export * from './retry-policy';
export * from './circuit-breaker';
export * from './concurrency-limit';
