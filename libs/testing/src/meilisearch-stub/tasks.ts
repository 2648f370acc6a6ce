import { ApiError } from './errors';
import type { Reply } from './types';

/** What a task reports of its work in `details`; an apply function returns the part known once it ran. */
export type TaskDetails = Record<string, unknown>;

export interface StubTask {
  uid: number;
  indexUid: string | null;
  type: string;
  status: 'enqueued' | 'succeeded' | 'failed';
  details: TaskDetails;
  error: ApiError | null;
  enqueuedAt: string;
  apply: () => TaskDetails | void;
  /** The details a failed task reports instead (Meilisearch reports 0 documents indexed or deleted). */
  onFailure: TaskDetails;
}

/**
 * Meilisearch's asynchronous write tasks. A task is applied only when a client polls for it (and every
 * earlier task with it), so an adapter that does not wait for its tasks sees its writes missing.
 */
export class TaskQueue {
  private readonly tasks: StubTask[] = [];

  /**
   * Queues a write and answers as Meilisearch does: 202 with a summary of the task. `details` are what
   * the task says of itself before it runs (Meilisearch's per-type `details`), completed by what `apply`
   * returns, or by `onFailure` when it throws.
   */
  enqueue(
    indexUid: string | null,
    type: string,
    apply: () => TaskDetails | void,
    details: TaskDetails = {},
    onFailure: TaskDetails = {},
  ): Reply {
    const task: StubTask = {
      uid: this.tasks.length,
      indexUid,
      type,
      status: 'enqueued',
      details,
      error: null,
      enqueuedAt: new Date().toISOString(),
      apply,
      onFailure,
    };
    this.tasks.push(task);
    return {
      status: 202,
      body: { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: task.enqueuedAt },
    };
  }

  /** Task `uid` after applying it and every enqueued task before it, or undefined if there is none. */
  poll(uid: number): StubTask | undefined {
    const task = this.tasks[uid];
    if (!task) return undefined;
    for (const earlier of this.tasks.slice(0, uid + 1)) {
      if (earlier.status !== 'enqueued') continue;
      try {
        earlier.details = { ...earlier.details, ...(earlier.apply() ?? {}) };
        earlier.status = 'succeeded';
      } catch (error) {
        earlier.details = { ...earlier.details, ...earlier.onFailure };
        earlier.status = 'failed';
        earlier.error = ApiError.from(error);
      }
    }
    return task;
  }
}
