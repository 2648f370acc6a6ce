import { Module } from '@nestjs/common';

/**
 * The content service's feature module. Articles, news/insight/analysis lists, categories, archive, Korean search, feeds, sources, tech analyses, images, engagement.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class ContentModule {}
