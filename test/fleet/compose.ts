import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { REPO_ROOT } from '../support/processes';
import { loadCompose, parseDotEnv, type ComposeProject, type ComposeService } from './compose-file';
import { HealthLoop, type Health } from './compose-health';
import { sweepAbandonedRuns, tail } from './fleet';
import { buildImageRoot, readImage } from './image';
import { requireInfraArtifacts, startKafka, startMongo, startRedis } from './infrastructure';
import { NamespacedProcess } from './namespaced-process';
import { Bridge, checkPrerequisites, Namespace } from './network';
import { applyStandIns } from './stand-ins';

const RUNS = path.join(REPO_ROOT, '.cache/compose');

/** What runs for a service: the Dockerfile's image, or the stand-in of an infrastructure image. */
type Kind = 'image' | 'kafka' | 'mongo' | 'redis' | 'meilisearch' | 'mailpit';

const STAND_INS: [RegExp, Kind, string][] = [
  [/^apache\/kafka[:@]/, 'kafka', 'Kafka (KRaft, one node) from the jars infra/local installs'],
  [/^mongo[:@]/, 'mongo', 'the MongoDB-compatible server (no replica set: MONGO_URL loses its options)'],
  [/^redis[:@]/, 'redis', "Debian's redis-server, with the command's --requirepass"],
  [
    /^getmeili\/meilisearch[:@]/,
    'meilisearch',
    'nothing: SEARCH_DRIVER=meilisearch becomes the embedded index',
  ],
  [/^axllent\/mailpit[:@]/, 'mailpit', "the fleet's SMTP relay on Mailpit's port 1025, any sender accepted"],
];

export interface ComposeContainer {
  service: ComposeService;
  kind: Kind;
  ns: Namespace;
  env: Record<string, string>;
  state: 'created' | 'started' | 'exited';
  health?: HealthLoop;
  /** Without a healthcheck: started. A stand-in: healthy once infrastructure.ts's probe answers. */
  healthy: boolean;
  process?: NamespacedProcess;
  log: string;
}

/**
 * `docker compose up --wait` without a container engine: every service of the file in a network namespace
 * of its own on one bridge, named (hosts files) by its service name, its network aliases and its
 * container name; the Dockerfile's image run as processes (image.ts), the infrastructure images as the
 * fleet's stand-ins; depends_on conditions, healthchecks and published ports as compose has them.
 * docs/fleet.md 'docker-compose.yml'.
 */
export class ComposeStack {
  readonly containers = new Map<string, ComposeContainer>();
  readonly figures = { bootMs: 0, healthchecksPassed: 0, healthchecksFailed: 0, standIns: [] as string[] };
  private readonly bridge: Bridge;
  private readonly imageRoot: string;
  private readonly proxies: Server[] = [];
  private readonly servers: NamespacedProcess[] = [];
  private vethCount = 0;
  /** Images starting now (not yet healthy), and how many may at once. */
  private starting = 0;
  private readonly startBatch: number;
  private failure?: Error;
  private rejectFailed: (error: Error) => void = () => undefined;
  /** Rejects with the first container that exits with an error or turns unhealthy. */
  private readonly failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));

  private constructor(
    readonly project: ComposeProject,
    readonly runDir: string,
    private readonly runId: string,
    startBatch: number,
  ) {
    this.failed.catch(() => undefined);
    this.bridge = new Bridge(`pc${runId}br`, `10.${150 + (parseInt(runId, 16) % 50)}`);
    this.imageRoot = path.join(runDir, 'image');
    this.startBatch = Math.max(1, startBatch);
  }

  /**
   * Loads `file` with `dotEnv` as its `.env` (the only environment: the test's shell is not the
   * operator's), then starts every service once its depends_on conditions hold, and resolves when every
   * service is running and every healthcheck healthy.
   */
  static async boot(options: {
    file?: string;
    dotEnv: string;
    timeoutMs?: number;
    /** Images started at once (default: the machine's cores). */
    startBatch?: number;
  }): Promise<ComposeStack> {
    const started = Date.now();
    checkPrerequisites();
    requireInfraArtifacts();
    sweepAbandonedRuns(RUNS, 'pc');
    const project = loadCompose(
      path.join(REPO_ROOT, options.file ?? 'docker-compose.yml'),
      parseDotEnv(options.dotEnv),
    );
    const runId = randomBytes(2).toString('hex');
    const runDir = path.join(RUNS, runId);
    mkdirSync(runDir, { recursive: true });
    writeFileSync(path.join(runDir, 'owner.pid'), String(process.pid));
    writeFileSync(path.join(runDir, '.env'), options.dotEnv);
    const stack = new ComposeStack(project, runDir, runId, options.startBatch ?? availableParallelism());
    try {
      if (project.services.some((s) => s.build)) buildImageRoot(stack.imageRoot, { frontends: true });
      stack.bridge.create();
      for (const service of project.services) stack.create(service);
      stack.writeHostsFiles();
      const everyHealthy = () => [...stack.containers.values()].every((c) => c.healthy);
      await Promise.race([
        Promise.all([
          Promise.all(project.services.map((service) => stack.start(service))),
          stack.until(everyHealthy, 'docker compose up --wait', options.timeoutMs ?? 240_000),
        ]),
        stack.failed,
      ]);
      stack.figures.bootMs = Date.now() - started;
    } catch (error) {
      await stack.close({ keepLogs: true });
      throw error;
    }
    return stack;
  }

  log(line: string): void {
    appendFileSync(path.join(this.runDir, 'compose.log'), `${new Date().toISOString()} ${line}\n`);
  }

  health(name: string): Health | 'running' | 'stand-in' {
    const container = this.containers.get(name)!;
    if (container.health) return container.health.status;
    return container.kind === 'image' ? 'running' : 'stand-in';
  }

  async close(options: { keepLogs?: boolean } = {}): Promise<void> {
    for (const proxy of this.proxies) proxy.close();
    for (const container of this.containers.values()) container.health?.stop();
    await Promise.all(
      [...this.containers.values()]
        .map((c) => c.process?.stop('SIGKILL'))
        .concat(this.servers.map((s) => s.stop('SIGKILL'))),
    );
    for (const container of this.containers.values()) container.ns.destroy();
    this.bridge.destroy();
    this.fail(new Error('closed'));
    if (!options.keepLogs) rmSync(this.runDir, { recursive: true, force: true });
  }

  // ------------------------------------------------------------------------------------------------------

  private create(service: ComposeService): void {
    const match = service.build ? undefined : STAND_INS.find(([image]) => image.test(service.image ?? ''));
    if (!service.build && !match)
      throw new Error(`${service.name}: no stand-in for image ${service.image} and nothing to build`);
    const kind = match?.[1] ?? 'image';
    if (match) this.figures.standIns.push(`${service.name} (${service.image}): ${match[2]}`);
    const ns = Namespace.create(
      `pc${this.runId}-${service.name}`,
      this.bridge.allocate(),
      `pc${this.runId}v${this.vethCount++}`,
      this.bridge,
    );
    const log = path.join(this.runDir, 'logs', `${service.name}.log`);
    mkdirSync(path.dirname(log), { recursive: true });
    this.containers.set(service.name, { service, kind, ns, env: {}, state: 'created', healthy: false, log });
    this.log(`${service.name} (${kind}) at ${ns.address}`);
  }

  /** Every container sees the services sharing a network with it by service name, alias and container name. */
  private writeHostsFiles(): void {
    const all = [...this.containers.values()];
    for (const self of all) {
      const lines = [`${self.ns.address} ${self.service.hostname}`];
      for (const other of all) {
        const names = Object.entries(other.service.networks)
          .filter(([network]) => network in self.service.networks)
          .flatMap(([, aliases]) => aliases);
        if (!Object.keys(other.service.networks).some((network) => network in self.service.networks))
          continue;
        lines.push(
          [
            other.ns.address,
            other.service.name,
            `${this.project.name}-${other.service.name}-1`,
            ...new Set(names),
          ].join(' '),
        );
      }
      self.ns.writeHosts(`${lines.join('\n')}\n`);
    }
  }

  /** Waits for the service's depends_on conditions, then starts it as compose would. */
  private async start(service: ComposeService): Promise<void> {
    for (const dep of service.dependsOn) {
      const other = this.containers.get(dep.service)!;
      if (dep.condition === 'service_healthy' && !other.service.healthcheck)
        throw new Error(`${service.name}: dependency ${dep.service} has no healthcheck (service_healthy)`);
      await this.until(
        () =>
          dep.condition === 'service_started'
            ? other.state !== 'created'
            : dep.condition === 'service_healthy'
              ? other.healthy
              : other.state === 'exited' && !other.process?.running,
        `${service.name} waits for ${dep.service} (${dep.condition})`,
        240_000,
      );
    }
    const container = this.containers.get(service.name)!;
    const dir = path.join(this.runDir, 'infra', service.name);
    const ns = container.ns;
    const env = service.environment;
    if (container.kind === 'kafka') {
      const listener = /PLAINTEXT:\/\/([^:,]+):(\d+)/.exec(env.KAFKA_ADVERTISED_LISTENERS ?? '');
      if (!listener)
        throw new Error(`${service.name}: KAFKA_ADVERTISED_LISTENERS has no PLAINTEXT://host:port`);
      this.servers.push(await startKafka(ns, { host: listener[1], port: Number(listener[2]) }, dir));
    } else if (container.kind === 'mongo') {
      this.servers.push(await startMongo(ns, Number(flag(service.command, '--port') ?? 27017), dir));
    } else if (container.kind === 'redis') {
      const password = flag(service.command, '--requirepass');
      if (!password) throw new Error(`${service.name}: no --requirepass in its command`);
      this.servers.push(await startRedis(ns, Number(flag(service.command, '--port') ?? 6379), password, dir));
    } else if (container.kind === 'mailpit') {
      const relay = NamespacedProcess.start(
        ns.name,
        [
          process.execPath,
          '-r',
          '@swc-node/register',
          path.join(__dirname, 'smtp-relay.ts'),
          ns.address,
          '1025',
        ],
        { env: process.env, cwd: REPO_ROOT, log: container.log },
      );
      this.servers.push(relay);
      await eventually(
        () => {
          if (!relay.running) throw new Error(`${service.name}: relay exited: ${tail(relay.log)}`);
          if (!tail(relay.log).includes('listening')) throw new Error('relay not listening yet');
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    } else if (container.kind === 'image') {
      // A workstation gives Docker its cores; here they are shared, and eight Node processes starting at
      // once on two of them would each miss its start_period. So images start as many at once as there
      // are cores, each holding its turn until healthy (as the fleet starts pods in batches).
      await this.until(
        () => this.starting < this.startBatch,
        `${service.name} waits for a start slot`,
        600_000,
      );
      this.starting++;
      this.runImage(container);
      void this.until(() => container.healthy, '', 600_000)
        .catch(() => undefined)
        .finally(() => this.starting--);
    }
    container.state = 'started';
    if (container.kind !== 'image') container.healthy = true;
    else if (!service.healthcheck) container.healthy = true;
    this.log(`${service.name} started`);
    for (const port of service.ports) await this.publish(service.name, port);
  }

  private runImage(container: ComposeContainer): void {
    const { service } = container;
    const image = readImage(path.join(REPO_ROOT, 'Dockerfile'), service.build?.args);
    const tmp = path.join(this.runDir, 'tmp', service.name);
    mkdirSync(tmp, { recursive: true });
    const [uid, gid = uid] = (service.user ?? (image.user || '0')).split(':');
    if (!/^\d+$/.test(uid) || !/^\d+$/.test(gid))
      throw new Error(`${service.name}: user ${uid}:${gid} is not numeric`);
    chownSync(tmp, Number(uid), Number(gid));
    // The image's ENV, then env_file and environment (compose's order); /app is the run's image folder,
    // /tmp (a tmpfs in the file) the container's own folder.
    const env: Record<string, string> = { ...image.env, HOSTNAME: service.hostname, ...service.environment };
    for (const note of applyStandIns(env))
      if (!this.figures.standIns.includes(note)) this.figures.standIns.push(note);
    const hasTmpfs = service.tmpfs.some((t) => t.split(':')[0] === '/tmp');
    for (const [key, value] of Object.entries(env)) {
      if (value === image.workingDir || value.startsWith(`${image.workingDir}/`))
        env[key] = path.join(this.imageRoot, value.slice(image.workingDir.length));
      else if (hasTmpfs && (value === '/tmp' || value.startsWith('/tmp/')))
        env[key] = path.join(tmp, value.slice(4));
    }
    container.env = env;
    const entrypoint =
      service.entrypoint ?? image.entrypoint.filter((part) => !/(^|\/)tini$|^--$/.test(part));
    const command = service.command ?? (service.entrypoint ? [] : image.cmd);
    const argv = (args: string[]) => [
      'unshare',
      '--uts',
      'sh',
      '-c',
      'hostname "$1" && export TMPDIR="$2" && cd "$3" && u=$4 g=$5 && shift 5 && exec setpriv --reuid="$u" --regid="$g" --clear-groups -- "$@"',
      'container',
      service.hostname,
      tmp,
      this.imageRoot,
      uid,
      gid,
      ...args,
    ];
    const processEnv = {
      PATH: `${path.join(this.imageRoot, 'node-bin')}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
      ...env,
    };
    container.process = NamespacedProcess.start(container.ns.name, argv([...entrypoint, ...command]), {
      env: processEnv,
      cwd: this.imageRoot,
      log: container.log,
    });
    void container.process.exited.then((code) => {
      container.state = 'exited';
      this.log(`${service.name} exited with ${code}`);
      if (code !== 0) this.fail(new Error(`${service.name} exited with ${code}:\n${tail(container.log)}`));
    });
    if (!service.healthcheck) return;
    // `docker exec`: the test runs in the container, as its user, with its environment.
    const run = (test: string[], timeoutMs: number) =>
      new Promise<number | null>((resolve) =>
        execFile(
          'ip',
          ['netns', 'exec', container.ns.name, ...argv(test)],
          { env: processEnv, cwd: this.imageRoot, timeout: timeoutMs },
          (error) =>
            resolve(error ? (error.killed ? null : typeof error.code === 'number' ? error.code : 1) : 0),
        ),
      ).then((code) => {
        if (code === 0) this.figures.healthchecksPassed++;
        else this.figures.healthchecksFailed++;
        return code;
      });
    container.health = new HealthLoop(service.healthcheck, run, (status) => {
      this.log(`${service.name} ${status}`);
      container.healthy = status === 'healthy';
      if (status === 'unhealthy')
        this.fail(new Error(`${service.name} is unhealthy:\n${tail(container.log)}`));
    });
    container.health.start();
  }

  /** docker-proxy's part: the host's port forwarded to the container's. */
  private publish(service: string, port: ComposeService['ports'][number]): Promise<void> {
    const target = this.containers.get(service)!.ns.address;
    const server = createServer((socket) => {
      const upstream = createConnection({ host: target, port: port.target });
      socket.pipe(upstream).pipe(socket);
      const end = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', end);
      upstream.on('error', end);
    });
    this.proxies.push(server);
    return new Promise((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`${service}: cannot publish ${port.hostIp}:${port.published}: ${error.message}`)),
      );
      server.listen(port.published, port.hostIp, () => resolve());
    });
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.rejectFailed(error);
  }

  /** Polls `condition` until `timeoutMs`; a container that exited or turned unhealthy meanwhile fails it at once. */
  private async until(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.failure) throw this.failure;
      if (condition()) return;
      if (Date.now() > deadline) {
        const waiting = [...this.containers.values()]
          .filter((c) => !c.healthy)
          .map((c) => `${c.service.name} (${c.state}${c.health ? `, ${c.health.status}` : ''})`);
        throw new Error(`${what} after ${timeoutMs} ms; not healthy: ${waiting.join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The value after `name` in an argv (`--requirepass secret`). */
function flag(argv: string[] | undefined, name: string): string | undefined {
  const at = argv?.indexOf(name) ?? -1;
  return at < 0 ? undefined : argv![at + 1];
}
