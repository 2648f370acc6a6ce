import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AdminIdentity,
  IdentityHistoryResponse,
  NicknameLookupQuery,
  NicknameLookupResponse,
  RevokeBadgeResponse,
} from '@pulse/contracts';
import { CLOCK, isoNow, StaffAudit, type Clock } from '@pulse/platform';
import { randomUUID } from 'node:crypto';
import { BadgesService } from '../badges/badges.service';
import { IdentitiesRepository } from '../identity/identities.repository';
import type { IdentityRecord } from '../identity/identity.record';
import { nicknameKey } from '../identity/nickname-skeleton';
import { TrustService } from '../trust/trust.service';
import { IdentityActionsRepository } from './identity-actions.repository';
import { IDENTITY_NOT_FOUND } from './moderation.service';

/** Enough for a nickname's whole moderation story on one screen. */
const HISTORY_LIMIT = 100;

/**
 * Nicknames as a moderator finds and reviews them: looked up as names collide (a look-alike of the typed
 * name finds it), with their standing, badges and what moderators did to them; and the expert badge taken
 * back. Suspending, reinstating and granting stay with ModerationService, which records each action.
 */
@Injectable()
export class NicknameAdminService {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly badges: BadgesService,
    private readonly trust: TrustService,
    private readonly actions: IdentityActionsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: StaffAudit,
  ) {}

  async find(query: NicknameLookupQuery): Promise<NicknameLookupResponse> {
    const found = await this.identities.findByNameKey(nicknameKey(query.nickname));
    return { success: true, data: { items: await this.views(found) } };
  }

  async history(id: string): Promise<IdentityHistoryResponse> {
    const identity = await this.identities.findById(id);
    if (!identity) throw new NotFoundException(IDENTITY_NOT_FOUND);
    const [view] = await this.views([identity]);
    const entries = (await this.actions.ofIdentity(id, HISTORY_LIMIT)).map(
      ({ action, at, reason, until }) => ({
        action,
        at,
        reason,
        until,
      }),
    );
    return { success: true, data: { identity: view!, entries } };
  }

  async revokeExpert(id: string): Promise<RevokeBadgeResponse> {
    if (!(await this.identities.findById(id))) throw new NotFoundException(IDENTITY_NOT_FOUND);
    const revoked = await this.badges.revokeExpert(id);
    if (revoked) {
      this.audit.change({ expert: true }, { expert: false });
      await this.actions.record({
        _id: randomUUID(),
        identityId: id,
        action: 'expert-revoked',
        at: isoNow(this.clock),
        reason: null,
        until: null,
      });
    }
    return { success: true, data: { id, revoked } };
  }

  private async views(identities: IdentityRecord[]): Promise<AdminIdentity[]> {
    const badges = await this.badges.of(identities.map((identity) => identity._id));
    return identities.map((identity) => ({
      id: identity._id,
      displayName: identity.displayName,
      createdAt: identity.createdAt,
      lastActiveAt: identity.lastActiveAt,
      suspendedUntil: identity.suspendedUntil,
      suspendedReason: identity.suspendedReason,
      trustLevel: this.trust.levelOf(identity),
      badges: badges.get(identity._id) ?? [],
    }));
  }
}
