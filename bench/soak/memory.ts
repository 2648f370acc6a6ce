import { readFileSync } from 'node:fs';

export interface MemorySample {
  /** Seconds since the load started. */
  at: number;
  /** Resident memory of each process, MiB. */
  rss: Record<string, number>;
}

/** VmRSS of a process from /proc (Linux), in MiB; 0 once it is gone. */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples every process's resident memory every `everyMs` until stopped. */
export function sampleMemory(pids: Record<string, number>, everyMs: number) {
  const started = Date.now();
  const samples: MemorySample[] = [];
  const take = () =>
    samples.push({
      at: (Date.now() - started) / 1000,
      rss: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, rssMiB(pid)])),
    });
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** The total resident memory closest to `seconds` into the run. */
export function totalAt(samples: readonly MemorySample[], seconds: number): number {
  const nearest = samples.reduce((best, sample) =>
    Math.abs(sample.at - seconds) < Math.abs(best.at - seconds) ? sample : best,
  );
  return Object.values(nearest.rss).reduce((sum, value) => sum + value, 0);
}
