import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  FOLLOWS_PER_IDENTITY,
  followKeyOf,
  followKeyProblem,
  type Follow,
  type FollowBody,
  type FollowKind,
  type FollowResponse,
  type FollowsResponse,
  type RemovedResponse,
} from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import type { FollowRecord } from './follow.record';
import { FollowsRepository } from './follows.repository';
import { ownRecordId } from './record-ids';

export const TOO_MANY_FOLLOWS = `팔로우는 ${FOLLOWS_PER_IDENTITY.toLocaleString('ko-KR')}개까지 할 수 있습니다. 다른 팔로우를 해제한 뒤 다시 시도해주세요.`;

const followId = (identityId: string, kind: FollowKind, key: string) =>
  ownRecordId('fol', identityId, kind, key);

/** What an identity follows: categories, tags, sources and stories. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly limits: WriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/me/follows: all of them, newest first (at most the cap). */
  async list(actor: Actor): Promise<FollowsResponse> {
    const records = await this.follows.allOf(actor.identity._id);
    return { success: true, data: { follows: records.map(toFollow) } };
  }

  /** PUT …/follows/{kind}/{key}: idempotent; a label given again replaces the one kept. */
  async follow(
    actor: Actor,
    ip: string,
    kind: FollowKind,
    rawKey: string,
    body: FollowBody,
  ): Promise<FollowResponse> {
    const key = keyOf(kind, rawKey);
    // Follows change nothing anyone else sees; the vote buckets only stop a script hammering the store.
    await this.limits.vote(actor.identity._id, ip);
    const identityId = actor.identity._id;
    const id = followId(identityId, kind, key);
    const existing = await this.follows.findById(id);
    if (existing) return { success: true, data: { follow: toFollow(await this.relabel(existing, body)) } };
    if ((await this.follows.countOf(identityId)) >= FOLLOWS_PER_IDENTITY)
      throw new ConflictException(TOO_MANY_FOLLOWS);
    const record: FollowRecord = {
      _id: id,
      identityId,
      kind,
      key,
      label: body.label ?? null,
      createdAt: isoNow(this.clock),
    };
    if (!(await this.follows.addOnce(record))) {
      const raced = await this.follows.findById(id);
      if (raced) return { success: true, data: { follow: toFollow(await this.relabel(raced, body)) } };
    }
    return { success: true, data: { follow: toFollow(record) } };
  }

  /** DELETE …/follows/{kind}/{key}: `removed` says whether there was one. */
  async unfollow(actor: Actor, ip: string, kind: FollowKind, rawKey: string): Promise<RemovedResponse> {
    const key = keyOf(kind, rawKey);
    await this.limits.vote(actor.identity._id, ip);
    const removed = await this.follows.remove(followId(actor.identity._id, kind, key), actor.identity._id);
    return { success: true, data: { removed } };
  }

  private async relabel(record: FollowRecord, body: FollowBody): Promise<FollowRecord> {
    if (body.label === undefined || body.label === record.label) return record;
    return (await this.follows.relabel(record._id, body.label)) ?? record;
  }
}

/** The key as stored; 400 naming `key` when it is not one of `kind`. */
function keyOf(kind: FollowKind, raw: string): string {
  const key = followKeyOf(kind, raw);
  const problem = followKeyProblem(kind, key);
  if (problem) throw new BadRequestException(`key: ${problem}`);
  return key;
}

export const toFollow = (record: FollowRecord): Follow => ({
  kind: record.kind,
  key: record.key,
  label: record.label,
  createdAt: record.createdAt,
});
