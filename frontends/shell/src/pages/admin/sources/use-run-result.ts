import type { IngestionRunAdmin, TriggerRunsResponse } from '@pulse/contracts';
import { useEffect, useState } from 'react';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';

/** How often a queued run is looked for, and for how long, before the screen says it is still going. */
export const RUN_POLL_MS = 1_500;
export const RUN_WAIT_MS = 120_000;

export type RunWatch =
  | { state: 'idle' }
  | { state: 'waiting' }
  | { state: 'done'; run: IngestionRunAdmin }
  | { state: 'slow' }
  | { state: 'error'; message: string };

const latestRun = async (sourceId: string): Promise<IngestionRunAdmin | null> =>
  (
    await adminFetch<IngestionRunAdmin[]>(
      `/api/ingestion/admin/runs?sourceId=${encodeURIComponent(sourceId)}&limit=1`,
    )
  )[0] ?? null;

/**
 * 'Run now' for one source: notes its latest run, queues a run, then polls the source's runs until a newer
 * one is recorded (the queued run, or one already under way when asked), or the wait runs out.
 */
export function useRunNow(onFinished: () => void): {
  watches: Readonly<Record<string, RunWatch>>;
  runNow: (sourceId: string) => Promise<void>;
} {
  const [watches, setWatches] = useState<Record<string, RunWatch>>({});
  const [pending, setPending] = useState<Array<{ sourceId: string; before: string | null; since: number }>>(
    [],
  );
  const set = (sourceId: string, watch: RunWatch) => setWatches((now) => ({ ...now, [sourceId]: watch }));

  const runNow = async (sourceId: string) => {
    set(sourceId, { state: 'waiting' });
    try {
      const before = (await latestRun(sourceId))?.id ?? null;
      await adminSend<TriggerRunsResponse>('POST', '/api/ingestion/runs', { sourceId });
      setPending((now) => [
        ...now.filter((p) => p.sourceId !== sourceId),
        { sourceId, before, since: Date.now() },
      ]);
    } catch (failure) {
      set(sourceId, { state: 'error', message: adminErrorText(failure) });
    }
  };

  useEffect(() => {
    if (pending.length === 0) return;
    let live = true;
    const look = async () => {
      for (const watch of pending) {
        try {
          const run = await latestRun(watch.sourceId);
          if (!live) return;
          if (run && run.id !== watch.before) {
            set(watch.sourceId, { state: 'done', run });
            setPending((now) => now.filter((p) => p !== watch));
            onFinished();
          } else if (Date.now() - watch.since > RUN_WAIT_MS) {
            set(watch.sourceId, { state: 'slow' });
            setPending((now) => now.filter((p) => p !== watch));
          }
        } catch (failure) {
          if (!live) return;
          set(watch.sourceId, { state: 'error', message: adminErrorText(failure) });
          setPending((now) => now.filter((p) => p !== watch));
        }
      }
    };
    const timer = setInterval(() => void look(), RUN_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pending, onFinished]);

  return { watches, runNow };
}
