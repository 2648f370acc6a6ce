import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DuplicateKeyError } from '@pulse/platform';
import { IdentitiesRepository } from './identities.repository';
import { NICKNAME_KEY_SCHEME, nicknameKey } from './nickname-skeleton';
import { withDiscriminator } from './nickname-rules';

const BATCH = 200;
const DISCRIMINATOR_ATTEMPTS = 8;

/**
 * On start, identities stored before names were compared by skeleton get one: oldest first, so when two
 * live names turn out to be look-alikes the older keeps its name and the newer gets a discriminator (the
 * newer is the clone, or at least the one readers met second). Replicas may run it at once: each rewrite
 * is conditional on the record not being rewritten yet, and the unique index settles collisions. Awaited
 * before the service listens, so no sign-up is compared against a half-migrated collection.
 */
@Injectable()
export class NicknameKeyMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(NicknameKeyMigration.name);

  constructor(private readonly identities: IdentitiesRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    let rewritten = 0;
    let renamed = 0;
    for (;;) {
      const batch = await this.identities.withKeyOtherThan(NICKNAME_KEY_SCHEME, BATCH);
      if (!batch.length) break;
      for (const identity of batch) {
        const name = await this.rekey(identity._id, identity.displayName);
        rewritten += 1;
        if (name !== identity.displayName) renamed += 1;
      }
    }
    if (rewritten)
      this.logger.log(
        `nickname keys rewritten as skeletons: ${rewritten}, look-alikes given a discriminator: ${renamed}`,
      );
  }

  private async rekey(id: string, displayName: string): Promise<string> {
    let name = displayName;
    for (let attempt = 0; attempt <= DISCRIMINATOR_ATTEMPTS; attempt += 1) {
      try {
        await this.identities.rekey(id, name, nicknameKey(name), NICKNAME_KEY_SCHEME);
        return name;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        name = withDiscriminator(displayName);
      }
    }
    throw new Error(`no free display name for identity ${id} after several discriminators`);
  }
}
