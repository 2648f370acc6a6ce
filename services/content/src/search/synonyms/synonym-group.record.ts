/**
 * A synonym group an admin added (docs/services.md 'The content service': search that forgives), stored by content and applied to the
 * article index on top of the maintained dictionary. `_id` is derived from the spellings, so adding the
 * same group twice, even from two replicas at once, is one duplicate-key 409.
 */
export interface SynonymGroupRecord {
  _id: string;
  spellings: string[];
  createdAt: string;
}
