import { Injectable, Logger } from '@nestjs/common';
import type { Badge, BadgeCatalogueResponse } from '@pulse/contracts';
import { ACHIEVEMENT_RULES, BADGE_BY_ID, BADGE_RULES, EXPERT_BADGE, type BadgeMetric } from './badge-rules';
import { BadgesRepository } from './badges.repository';

/** Awards badges by the rules in badge-rules.ts and shows them on authors (docs/spec-community.md §3 Badge). */
@Injectable()
export class BadgesService {
  private readonly logger = new Logger('Badges');

  constructor(private readonly badges: BadgesRepository) {}

  catalogue(): BadgeCatalogueResponse {
    return { success: true, data: { badges: [...BADGE_RULES] } };
  }

  /**
   * One more distinct post counted for `metric` (replays add nothing), then every rule it now meets is
   * awarded; an already held badge is not awarded again.
   */
  async progress(identityId: string, metric: BadgeMetric, postId: string, at: string): Promise<void> {
    const count = await this.badges.count(identityId, metric, postId);
    for (const rule of ACHIEVEMENT_RULES) {
      if (
        rule.metric === metric &&
        count >= rule.threshold &&
        (await this.badges.award(identityId, rule.id, at))
      )
        this.logger.log(`badge ${rule.id} awarded to ${identityId}`);
    }
  }

  /** The admin's expert grant; false when it was already held. */
  grantExpert(identityId: string, at: string): Promise<boolean> {
    return this.badges.award(identityId, EXPERT_BADGE.id, at);
  }

  revokeExpert(identityId: string): Promise<boolean> {
    return this.badges.withdraw(identityId, EXPERT_BADGE.id);
  }

  /** Badges of each identity, role badges first, then in the order earned. */
  async of(identityIds: readonly string[]): Promise<Map<string, Badge[]>> {
    const earned = await this.badges.earnedBy(identityIds);
    const result = new Map<string, Badge[]>();
    for (const [identityId, rows] of earned) {
      const badges = rows.flatMap((row) => {
        const rule = BADGE_BY_ID.get(row.badgeId);
        if (!rule) return [];
        const { rule: _rule, ...shown } = rule;
        return [{ ...shown, earnedAt: row.earnedAt }];
      });
      result.set(
        identityId,
        badges.sort((a, b) => Number(b.type === 'role') - Number(a.type === 'role')),
      );
    }
    return result;
  }

  badgeOf(id: string, earnedAt: string): Badge {
    const { rule: _rule, ...shown } = BADGE_BY_ID.get(id) ?? EXPERT_BADGE;
    return { ...shown, earnedAt };
  }
}
