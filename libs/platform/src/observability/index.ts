export * from './telemetry';
export * from './logger';
export * from './nest-logger';
export * from './http-tracing';
export * from './metrics';
