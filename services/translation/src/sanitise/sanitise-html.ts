// The allow-list lives in libs/platform (security/), shared with ingestion, which sanitises bodies before
// they travel in article.collected. Re-exported here so the service's imports stay local.
export { htmlToText, isYouTubeEmbed, sanitiseHtml } from '@pulse/platform';
