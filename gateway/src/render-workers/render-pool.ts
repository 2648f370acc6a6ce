import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pino, { type Logger } from 'pino';
import {
  SERVER_RENDER_TIMEOUT_MS,
  type PageRenderer,
  type ReadApi,
  type RenderedPage,
} from '../documents/page-renderer';
import type { FromRenderWorker, RenderWorkerData, ToRenderWorker } from './render-messages';

/** The worker's entry beside this file: render-worker.main.ts from the sources, .js from the build (dist/). */
const WORKER_FILE = path.join(__dirname, `render-worker.main${path.extname(__filename)}`);

/**
 * The sources run through @swc-node/register, which a worker inherits from the process's flags; a process
 * started without them (Jest) has the worker load it itself.
 */
const workerExecArgv = (): string[] =>
  WORKER_FILE.endsWith('.ts') && !process.execArgv.includes('@swc-node/register')
    ? [...process.execArgv, '-r', '@swc-node/register']
    : process.execArgv;

/**
 * A worker ends a render past SERVER_RENDER_TIMEOUT_MS itself; one that does not answer by this (a thread
 * stuck in a render's synchronous part) gives its reader the generic document all the same.
 */
const UNANSWERED_RENDER_MS = 2 * SERVER_RENDER_TIMEOUT_MS;

/** A render a worker has not finished, with the reads it makes through the gateway. */
interface Pending {
  readApi: ReadApi;
  resolve: (page: RenderedPage | undefined) => void;
  worker: PoolWorker;
  timer?: NodeJS.Timeout;
}

interface PoolWorker {
  thread: Worker;
  /** Resolved once the worker has started and loaded the bundle (its first render waits for that). */
  ready: Promise<void>;
  /** Renders it has not finished: a new one goes to the worker with the fewest. */
  renders: number;
}

export interface RenderPoolOptions extends RenderWorkerData {
  /** How many worker threads (GATEWAY_RENDER_WORKERS). */
  size: number;
  /** Each remote's manifest URL now (RemoteLocations), sent with every render. */
  remoteUrls: () => Readonly<Record<string, string | undefined>>;
}

/**
 * Renders pages in worker threads (render-worker.main.ts), so the React render of a page, several milliseconds
 * of CPU, is not taken from the event loop that answers API requests: a burst of page renders queues in the
 * workers, not in front of the API. The workers start with the gateway when its shell is built (else with
 * the first render) and are started again when one dies (its renders under way get the generic document).
 * Which URL a document is keyed on stays with `keys`, the gateway's own bundle: it is asked on every
 * request of a held page, and costs microseconds.
 */
export class RenderPool implements PageRenderer {
  private readonly workers: PoolWorker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly keys: Pick<PageRenderer, 'documentUrl'>,
    private readonly logger: Logger,
  ) {}

  /** Starts the workers now, so the first readers do not wait for them (they start with a render if not). */
  start(): void {
    this.leastBusy();
  }

  documentUrl(url: string): Promise<string> {
    return this.keys.documentUrl(url);
  }

  render(url: string, readApi: ReadApi, siteUrl: string): Promise<RenderedPage | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    const worker = this.leastBusy();
    const id = this.nextId++;
    worker.renders++;
    return new Promise((resolve) => {
      this.pending.set(id, { readApi, resolve, worker });
      this.post(worker, { type: 'render', id, url, siteUrl, remoteUrls: this.options.remoteUrls() });
      // Counted from the worker's start: a worker starting (the bundle loading) is not a stuck render.
      void worker.ready.then(() => {
        const render = this.pending.get(id);
        if (!render) return;
        render.timer = setTimeout(() => {
          if (!this.pending.has(id)) return;
          this.logger.warn(
            { url },
            `a render worker did not answer in ${UNANSWERED_RENDER_MS} ms; generic document`,
          );
          this.finish(id, render, undefined);
        }, UNANSWERED_RENDER_MS);
      });
    });
  }

  /** Stops the workers; renders under way get the generic document. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    for (const [id, render] of this.pending) this.finish(id, render, undefined);
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }

  private leastBusy(): PoolWorker {
    while (this.workers.length < this.options.size) this.workers.push(this.startWorker());
    return this.workers.reduce((least, worker) => (worker.renders < least.renders ? worker : least));
  }

  private startWorker(): PoolWorker {
    const { bundleFile, frontendsDir, logLevel } = this.options;
    const data: RenderWorkerData = { bundleFile, frontendsDir, logLevel };
    const thread = new Worker(WORKER_FILE, { workerData: data, execArgv: workerExecArgv() });
    let started = () => {};
    const worker: PoolWorker = { thread, renders: 0, ready: new Promise((resolve) => (started = resolve)) };
    thread.on('message', (message: FromRenderWorker) =>
      message.type === 'ready' ? started() : this.onMessage(worker, message),
    );
    thread.on('error', (error) => this.logger.error({ err: error }, 'a render worker failed'));
    thread.once('exit', (code) => {
      const at = this.workers.indexOf(worker);
      if (at >= 0) this.workers.splice(at, 1);
      for (const [id, render] of this.pending)
        if (render.worker === worker) this.finish(id, render, undefined);
      if (!this.closed)
        this.logger.error({ code }, 'a render worker exited; started again with the next render');
    });
    // The workers never keep the process running: a gateway that stops does not wait for them.
    thread.unref();
    return worker;
  }

  private onMessage(worker: PoolWorker, message: Exclude<FromRenderWorker, { type: 'ready' }>): void {
    if (message.type === 'log') {
      this.relay(message.line);
      return;
    }
    const render = this.pending.get(message.id);
    if (!render) return;
    if (message.type === 'rendered') {
      this.finish(message.id, render, message.page);
      return;
    }
    const { id, readId } = message;
    // ReadApi answers undefined rather than rejecting; a worker gone meanwhile is not posted to.
    void render.readApi(message.path).then(
      (answer) => this.post(worker, { type: 'answer', id, readId, answer }),
      () => this.post(worker, { type: 'answer', id, readId, answer: undefined }),
    );
  }

  /** A worker's log line, written by the gateway's logger at its level. */
  private relay(line: string): void {
    const {
      level,
      msg,
      time: _time,
      pid: _pid,
      hostname: _hostname,
      ...fields
    } = JSON.parse(line) as {
      level: number;
      msg?: string;
      [field: string]: unknown;
    };
    const name = pino.levels.labels[level] as pino.Level | undefined;
    this.logger[name ?? 'info'](fields, msg);
  }

  private finish(id: number, render: Pending, page: RenderedPage | undefined): void {
    this.pending.delete(id);
    clearTimeout(render.timer);
    render.worker.renders--;
    render.resolve(page);
  }

  private post(worker: PoolWorker, message: ToRenderWorker): void {
    if (this.workers.includes(worker)) worker.thread.postMessage(message);
  }
}
