export { startMeilisearchStub, type MeilisearchStub } from './server';
