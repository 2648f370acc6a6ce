// Jest setup file (the front ends' jest configs list it in setupFiles) for TanStack Query under test.
import { notifyManager, timeoutManager } from '@tanstack/react-query';

// The library tells components about a change in a batch it runs on a timer (setTimeout 0); act() flushes
// promise jobs, not timers, so a test could look before the change reached the page, and fake timers would
// hold it back altogether. Under test the batch runs as a promise job, as the answer that caused it did.
notifyManager.setScheduler((callback) => void Promise.resolve().then(callback));

// Its timers, above all the 10-minute collection of idle queries (IDLE_QUERY_MS), do not keep the test
// process alive after its last spec. They are the global timers of the moment they are set, so jest's fake
// timers still drive them.
type Timer = ReturnType<typeof setTimeout> & { unref?: () => void };
const unref = <T>(timer: T): T => {
  (timer as Timer).unref?.();
  return timer;
};
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => unref(globalThis.setTimeout(callback, delay)),
  clearTimeout: (timer) => globalThis.clearTimeout(timer),
  setInterval: (callback, delay) => unref(globalThis.setInterval(callback, delay)),
  clearInterval: (timer) => globalThis.clearInterval(timer),
});
