import type { StaffActionView } from '@pulse/contracts';

/**
 * `staff_actions`: one recorded staff action, its `_id` the event's id (a redelivered event finds its
 * entry taken). `actorKeys` and `targetValues` are what the filters match on.
 */
export interface StaffActionRecord extends Omit<StaffActionView, 'id'> {
  _id: string;
  /** The actor's id and lower-cased name: `actor` filters by either. */
  actorKeys: string[];
  /** The values of `target`: `target` filters by any of them. */
  targetValues: string[];
}
