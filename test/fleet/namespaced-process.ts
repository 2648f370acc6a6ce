import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';

/** A process started inside a network namespace, its output in a log file of the test's own folder. */
export class NamespacedProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly log: string,
    readonly exited: Promise<number | null>,
  ) {}

  static start(
    namespace: string,
    argv: string[],
    options: { env: NodeJS.ProcessEnv; cwd: string; log: string },
  ): NamespacedProcess {
    const fd = openSync(options.log, 'a');
    const child = spawn('ip', ['netns', 'exec', namespace, ...argv], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return new NamespacedProcess(child, options.log, exited);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** `signal`, then SIGKILL once `graceMs` has passed (the kubelet's terminationGracePeriodSeconds). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 0): Promise<void> {
    if (!this.running) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
