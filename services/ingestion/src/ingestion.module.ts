import { Module } from '@nestjs/common';

/**
 * The ingestion service's feature module. Sources, scheduled fetch runs (RSS, Atom, JSON APIs, scraping), dedup and clustering; emits article.collected.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class IngestionModule {}
