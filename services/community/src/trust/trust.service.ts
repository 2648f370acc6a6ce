import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { TrustLevel } from '@pulse/contracts';
import { networkOf, type NetworkPrefixes, CLOCK, isoNow, type Clock } from '@pulse/platform';
import { IdentitiesRepository } from '../identity/identities.repository';
import type { IdentityRecord } from '../identity/identity.record';
import { EndorsementsRepository } from './endorsements.repository';
import { atLeast, trustLevelOf, type TrustSubject } from './trust-levels';

export const TRUST_NETWORKS = Symbol.for('pulse.community.TrustNetworks');

/** A post that can be endorsed, as the endorsement names it. */
export interface EndorsedPost {
  kind: 'question' | 'answer';
  id: string;
  authorId: string;
}

/** A vote change as votes/vote-toggle.ts reports it. */
export interface VoteChange {
  from: string | null;
  to: string | null;
}

/**
 * Trust levels (docs/abuse/trust-levels.md), computed in this one place. An identity's level is read from
 * its record (age, suspension and the tally kept here), so reading it costs no query of its own. The tally
 * is recounted from `community_endorsements` after each change: upvotes and accepted answers given by
 * other identities that were at least 'basic' when they gave them, with distinct networks counted, so a
 * ring of fresh nicknames, or many nicknames on one network, raises nobody.
 */
@Injectable()
export class TrustService {
  constructor(
    private readonly endorsements: EndorsementsRepository,
    private readonly identities: IdentitiesRepository,
    @Inject(TRUST_NETWORKS) private readonly prefixes: NetworkPrefixes,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  levelOf(identity: TrustSubject): TrustLevel {
    return trustLevelOf(identity, this.clock.now());
  }

  /** Levels of authors (one read of their records); an unknown id is 'new'. */
  async levelsOf(identityIds: readonly string[]): Promise<Map<string, TrustLevel>> {
    const identities = await this.identities.findMany(identityIds);
    return new Map(identities.map((identity) => [identity._id, this.levelOf(identity)]));
  }

  /**
   * The key of the network an address belongs to (IPv4 address, IPv6 /64, as configured), hashed: what
   * reports and endorsements keep, so exports and casual reads show no address (unsalted, so not an
   * anonymisation: an IPv4 hash is found by trying every address).
   */
  networkKey(ip: string): string {
    return createHash('sha256').update(networkOf(ip, this.prefixes)).digest('base64url').slice(0, 22);
  }

  /** After a vote on `post` moved: an upvote from a voter at 'basic' or above endorses its author. */
  async voteChanged(post: EndorsedPost, voter: IdentityRecord, ip: string, change: VoteChange | null) {
    if (!change || post.authorId === voter._id) return;
    const id = `upvote:${post.kind}:${post.id}:${voter._id}`;
    if (change.to === 'upvote') {
      if (!atLeast(this.levelOf(voter), 'basic')) return;
      await this.endorsements.put({
        _id: id,
        identityId: post.authorId,
        endorserId: voter._id,
        network: this.networkKey(ip),
        kind: 'upvote',
        postId: post.id,
        at: isoNow(this.clock),
      });
      await this.recount(post.authorId);
    } else if (change.from === 'upvote') {
      const endorsed = await this.endorsements.remove(id);
      if (endorsed) await this.recount(endorsed);
    }
  }

  /**
   * After the question's author accepted `answer` (replacing `previousAnswerId`, if any). Accepting one's
   * own answer resolves the question but endorses no one.
   */
  async accepted(
    answer: { id: string; authorId: string },
    acceptor: IdentityRecord,
    ip: string,
    previousAnswerId: string | null,
  ): Promise<void> {
    if (previousAnswerId && previousAnswerId !== answer.id) {
      const endorsed = await this.endorsements.remove(`accept:${previousAnswerId}`);
      if (endorsed) await this.recount(endorsed);
    }
    if (answer.authorId === acceptor._id || !atLeast(this.levelOf(acceptor), 'basic')) return;
    await this.endorsements.put({
      _id: `accept:${answer.id}`,
      identityId: answer.authorId,
      endorserId: acceptor._id,
      network: this.networkKey(ip),
      kind: 'accept',
      postId: answer.id,
      at: isoNow(this.clock),
    });
    await this.recount(answer.authorId);
  }

  /** A post its author deleted or a moderator hid: what it earned no longer counts. */
  async postRemoved(postId: string): Promise<void> {
    for (const identityId of await this.endorsements.removePost(postId)) await this.recount(identityId);
  }

  /**
   * Recounts from the endorsements rather than adding one: a replayed or racing change cannot drift the
   * tally, and the next change of the identity's endorsements corrects any write that raced this one.
   */
  private async recount(identityId: string): Promise<void> {
    await this.identities.setTrust(identityId, await this.endorsements.tallyOf(identityId));
  }
}
