import { Module } from '@nestjs/common';

/**
 * The community service's feature module. Anonymous identity, questions, answers, votes, comments, badges, the AI assistant.
 * Controllers, services, repositories and event handlers are registered here as the service grows.
 */
@Module({})
export class CommunityModule {}
