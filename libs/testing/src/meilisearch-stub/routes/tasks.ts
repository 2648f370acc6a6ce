import { ApiError } from '../errors';
import type { Reply, StubState } from '../types';

/** GET /tasks/:uid, which is also what applies the task (see TaskQueue). */
export function getTask(state: StubState, uid: string): Reply {
  const task = state.tasks.poll(Number(uid));
  if (!task) throw new ApiError(404, 'task_not_found', `Task \`${uid}\` not found.`);
  const { apply: _apply, ...view } = task;
  return {
    status: 200,
    body: {
      ...view,
      batchUid: task.uid,
      canceledBy: null,
      duration: 'PT0S',
      startedAt: task.enqueuedAt,
      finishedAt: task.enqueuedAt,
    },
  };
}
