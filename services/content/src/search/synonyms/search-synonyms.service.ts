import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type SynonymGroup, type SynonymsResponse, type AddSynonymGroupBody } from '@pulse/contracts';
import { DuplicateKeyError, KOREAN_SYNONYMS, CLOCK, StaffAudit, type Clock } from '@pulse/platform';
import { ArticleIndexer } from '../article-indexer';
import type { SynonymGroupRecord } from './synonym-group.record';
import { SynonymGroupsRepository, synonymGroupId } from './synonym-groups.repository';

/** Far below the port's limit on groups (search.validation.ts), with the dictionary's counted in. */
export const MAX_ADDED_SYNONYM_GROUPS = 1_000;

/**
 * Search synonyms without a deploy: an admin adds or removes a group, it is stored, and the
 * article index is given the dictionary plus every added group before the answer, so the next search
 * uses it (or no longer does). Other
 * replicas pick it up on their next index refresh (ArticleIndexer.refresh).
 */
@Injectable()
export class SearchSynonymsService {
  constructor(
    private readonly groups: SynonymGroupsRepository,
    private readonly indexer: ArticleIndexer,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: StaffAudit,
  ) {}

  async list(): Promise<SynonymsResponse> {
    return {
      dictionary: KOREAN_SYNONYMS.map((group) => [...group]),
      added: (await this.groups.all()).map(toSynonymGroup),
    };
  }

  async add(body: AddSynonymGroupBody): Promise<SynonymGroup> {
    const { spellings } = body;
    const unique = [...new Set(spellings)];
    if (unique.length < 2) throw new ConflictException('spellings must hold at least 2 different spellings');
    if ((await this.groups.count()) >= MAX_ADDED_SYNONYM_GROUPS)
      throw new ConflictException(`at most ${MAX_ADDED_SYNONYM_GROUPS} synonym groups can be added`);
    const record: SynonymGroupRecord = {
      _id: synonymGroupId(unique),
      spellings: unique,
      createdAt: new Date(this.clock.now()).toISOString(),
    };
    try {
      await this.groups.insert(record);
    } catch (error) {
      if (error instanceof DuplicateKeyError)
        throw new ConflictException('this synonym group exists already');
      throw error;
    }
    this.audit.change(null, { spellings: record.spellings });
    await this.indexer.applySynonyms();
    return toSynonymGroup(record);
  }

  /** Removes an added group; the index stops using it before the answer (the dictionary's stay). */
  async remove(id: string): Promise<void> {
    const group = await this.groups.findById(id);
    // Read first for the audit log's before; gone in between is as unknown as never there.
    if (!group || !(await this.groups.remove(id)))
      throw new NotFoundException(`id: 동의어 묶음을 찾을 수 없습니다 (${id}).`);
    this.audit.change({ spellings: group.spellings }, null);
    await this.indexer.applySynonyms();
  }
}

function toSynonymGroup(record: SynonymGroupRecord): SynonymGroup {
  return { id: record._id, spellings: record.spellings, createdAt: record.createdAt };
}
