export { ALL_SERVICES } from './services';
export { startEmbedded, type EmbeddedSite } from './start-embedded';
