import { Module } from '@nestjs/common';

/**
 * The translation service's feature module. Consumes article.collected, rewrites it in Korean through the LLM port; emits article.translated.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class TranslationModule {}
