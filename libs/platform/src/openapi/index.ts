export * from './openapi.types';
export * from './zod-json-schema';
export * from './build-openapi';
export * from './openapi.route';
