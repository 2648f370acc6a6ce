import { ApiError } from '../errors';
import type { Reply, StubState } from '../types';

/** GET /tasks/:uid, which is also what applies the task (see TaskQueue); fields in Meilisearch's order. */
export function getTask(state: StubState, uid: string): Reply {
  const task = state.tasks.poll(Number(uid));
  if (!task) throw new ApiError(404, 'task_not_found', `Task \`${uid}\` not found.`);
  return {
    status: 200,
    body: {
      uid: task.uid,
      batchUid: task.uid,
      indexUid: task.indexUid,
      status: task.status,
      type: task.type,
      canceledBy: null,
      details: task.details,
      error: task.error,
      duration: 'PT0S',
      enqueuedAt: task.enqueuedAt,
      startedAt: task.enqueuedAt,
      finishedAt: task.enqueuedAt,
    },
  };
}
