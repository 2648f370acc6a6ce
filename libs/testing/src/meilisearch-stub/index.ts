export { startMeilisearchStub, type MeilisearchStub } from './server';
export { realMeilisearchFromEnv, type RealMeilisearch } from './real-server';
