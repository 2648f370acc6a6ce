import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { eventually } from './eventually';
import { freePort } from './free-port';
import { REPO_ROOT } from './processes';

/** The MongoDB-compatible server infra/local builds (mongo-java-server with our main class). */
const MONGO_DIR = path.join(REPO_ROOT, '.cache/infra/mongo');
const HOST = '127.0.0.1';

/**
 * `h2`: the server infra/local runs (mongo-java-server's H2 backend with our secondary indexes); `h2-library`: the
 * library's own H2 backend, the baseline of `npm run bench:local-mongo`.
 */
export type MongoServerStorage = 'h2' | 'h2-library';

/**
 * A private MongoDB-compatible server on its own port and H2 file, for tests and benches that stop it: the shared
 * one of infra/local serves every other suite at the same time. Data survives a stop and start.
 */
export class MongoServer {
  private child: ChildProcess | undefined;

  private constructor(
    private readonly port: number,
    private readonly dir: string,
    private readonly storage: MongoServerStorage,
    private readonly networkThreads: number | undefined,
  ) {}

  /** `networkThreads`: the server's network threads (unset: its own default, PulseMongo.NETWORK_THREADS). */
  static async start(
    dir: string,
    storage: MongoServerStorage = 'h2',
    { networkThreads }: { networkThreads?: number } = {},
  ): Promise<MongoServer> {
    if (!existsSync(path.join(MONGO_DIR, 'pulse-mongo.jar')))
      throw new Error(`${MONGO_DIR} is missing: run \`infra/local/pulse-local up\` (npm test does)`);
    mkdirSync(dir, { recursive: true });
    const server = new MongoServer(await freePort(), dir, storage, networkThreads);
    await server.restart();
    return server;
  }

  /** A connection string for `database` on this server. */
  url(database: string): string {
    return `mongodb://${HOST}:${this.port}/${database}`;
  }

  /** SIGTERM: the server's shutdown hook closes the H2 store, so what was acknowledged stays. */
  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  async restart(): Promise<void> {
    const log = openSync(path.join(this.dir, 'mongo.log'), 'a');
    const child = spawn(
      'java',
      [
        '-Xms64m',
        '-Xmx512m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-Djava.awt.headless=true',
        '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
        '-cp',
        `${path.join(MONGO_DIR, 'pulse-mongo.jar')}:${path.join(MONGO_DIR, 'lib')}/*`,
        'pulse.infra.PulseMongo',
        HOST,
        String(this.port),
        `${this.storage}:${path.join(this.dir, 'pulse.mv')}`,
        ...(this.networkThreads ? [String(this.networkThreads)] : []),
      ],
      { stdio: ['ignore', log, log] },
    );
    this.child = child;
    // A client per probe: one whose first connection failed stays closed.
    await eventually(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`mongo server exited (${child.exitCode}); see ${this.dir}/mongo.log`);
        const client = new mongoose.mongo.MongoClient(this.url('admin'), { serverSelectionTimeoutMS: 1000 });
        try {
          await client.db('admin').command({ ping: 1 });
        } finally {
          await client.close();
        }
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  }

  close(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** Sends `signal` to a running server and waits for it to exit. */
  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
