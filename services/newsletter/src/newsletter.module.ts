import { Module } from '@nestjs/common';

/**
 * The newsletter service's feature module. Subscribe, confirm, unsubscribe, digests.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class NewsletterModule {}
