import { ApiError } from './errors';
import type { Reply } from './types';

export interface StubTask {
  uid: number;
  indexUid: string | null;
  type: string;
  status: 'enqueued' | 'succeeded' | 'failed';
  error: ApiError | null;
  enqueuedAt: string;
  apply: () => void;
}

/**
 * Meilisearch's asynchronous write tasks. A task is applied only when a client polls for it (and every
 * earlier task with it), so an adapter that does not wait for its tasks sees its writes missing.
 */
export class TaskQueue {
  private readonly tasks: StubTask[] = [];

  /** Queues a write and answers as Meilisearch does: 202 with a summary of the task. */
  enqueue(indexUid: string | null, type: string, apply: () => void): Reply {
    const task: StubTask = {
      uid: this.tasks.length,
      indexUid,
      type,
      status: 'enqueued',
      error: null,
      enqueuedAt: new Date().toISOString(),
      apply,
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
        earlier.apply();
        earlier.status = 'succeeded';
      } catch (error) {
        earlier.status = 'failed';
        earlier.error = ApiError.from(error);
      }
    }
    return task;
  }
}
