import type { BackfillSummary, TranslationService } from '../translation.service';

const WAIT_STEP_MS = 200;
const WAIT_LIMIT_MS = 60_000;

/**
 * The backfill's steps with progress lines: translate what is pending, then wait until the relay has
 * handed every resulting event to the bus, so exiting loses none.
 */
export async function runBackfill(
  service: TranslationService,
  options: { limit?: number; write: (line: string) => void },
): Promise<BackfillSummary> {
  const { write } = options;
  write(`pending: ${await service.countPending()}`);
  const summary = await service.translatePending({
    limit: options.limit,
    onProgress: ({ done, total, id, outcome, detail }) =>
      write(`[${done}/${total}] ${id}: ${outcome}${detail ? ` (${detail})` : ''}`),
  });
  // A real wait for the relay to drain (the process sleeps meanwhile): elapsed time, the monotonic timer.
  const deadline = performance.now() + WAIT_LIMIT_MS;
  let unpublished = await service.countUnpublished();
  while (unpublished > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    unpublished = await service.countUnpublished();
  }
  write(
    `done: ${summary.translated} translated, ${summary.held} held, ${summary.failed} failed, ${summary.skipped} skipped` +
      (unpublished > 0
        ? `; ${unpublished} events still waiting for the bus (the service's relay will send them)`
        : ''),
  );
  return summary;
}
