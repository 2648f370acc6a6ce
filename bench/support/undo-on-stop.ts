/**
 * What a bench leaves outside its own process (a database on the shared local server, Kafka topics, a
 * memory cgroup, a child service, a temporary directory) must go whether the bench ends, fails or is
 * stopped. `finally` covers the first two; a signal (Ctrl-C, a timeout's SIGTERM) ends the process
 * without running it, and the local server kept every stopped run's database, which it loads again at
 * each start.
 *
 * `undoOnStop(undo)` registers `undo` and returns the function that runs it, once: call that in the
 * bench's `finally`. On SIGINT or SIGTERM every registered undo not yet run runs, newest first, each
 * within UNDO_DEADLINE_MS, and the process then exits with the signal's status.
 */
const UNDO_DEADLINE_MS = 15_000;

const pending = new Set<() => Promise<void>>();
let listening = false;

export function undoOnStop(undo: () => unknown): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = (): Promise<void> => {
    pending.delete(once);
    return (done ??= Promise.resolve()
      .then(undo)
      .then(() => undefined));
  };
  pending.add(once);
  listenForStop();
  return once;
}

function listenForStop(): void {
  if (listening) return;
  listening = true;
  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`${signal}: undoing what the bench set up, then exiting`);
      void undoAll().finally(() => process.exit(status));
    });
  }
}

async function undoAll(): Promise<void> {
  for (const undo of [...pending].reverse()) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`an undo took over ${UNDO_DEADLINE_MS} ms; going on without it`);
        resolve();
      }, UNDO_DEADLINE_MS);
    });
    await Promise.race([undo().catch((error) => console.error('an undo failed:', error)), deadline]);
    clearTimeout(timer);
  }
}
