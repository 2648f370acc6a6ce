export * from './config-error';
export * from './load-config';
export * from './describe-schema';
export * from './process.config';
