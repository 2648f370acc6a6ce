import { Module } from '@nestjs/common';

/**
 * The trending service's feature module. Hot topics, popular, rising and statistics from live engagement.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class TrendingModule {}
