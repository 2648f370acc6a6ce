import { Global, Module } from '@nestjs/common';
import { ActorResolver } from './actor-resolver';
import { OptionalActorPipe, RequiredActorGuard, RequiredActorPipe } from './actor.decorator';
import { AuthController } from './auth.controller';
import { CommunitySettingsRepository } from './community-settings.repository';
import { IdentitiesRepository } from './identities.repository';
import { IdentityService } from './identity.service';
import { NicknameKeyMigration } from './nickname-key-migration';
import { SessionsRepository } from './sessions.repository';
import { TokenKeys } from './token-keys';

/** Nickname identities, sessions and the credential every other area reads the actor from. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [
    CommunitySettingsRepository,
    IdentitiesRepository,
    SessionsRepository,
    TokenKeys,
    ActorResolver,
    RequiredActorGuard,
    RequiredActorPipe,
    OptionalActorPipe,
    IdentityService,
    NicknameKeyMigration,
  ],
  exports: [
    IdentitiesRepository,
    SessionsRepository,
    TokenKeys,
    ActorResolver,
    RequiredActorGuard,
    RequiredActorPipe,
    OptionalActorPipe,
  ],
})
export class IdentityModule {}
