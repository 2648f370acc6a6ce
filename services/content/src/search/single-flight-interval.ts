/**
 * Runs `task` every `intervalMs`, never two runs at once: a run still going when the next is due is left
 * to finish instead of being joined by another. The timer does not keep the process alive; stop() clears
 * it and resolves once the run in hand has settled.
 */
export function singleFlightInterval(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= task()
      .catch(onError)
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
