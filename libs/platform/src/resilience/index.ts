export * from './retry-policy';
export * from './circuit-breaker';
