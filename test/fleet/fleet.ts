import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { REPO_ROOT } from '../support/processes';
import { buildImageRoot, readImage, type ImageConfig } from './image';
import {
  namespaceOf,
  parseAddresses,
  requireInfraArtifacts,
  startKafka,
  startMongo,
  startRedis,
} from './infrastructure';
import { renderOverlay, type Deployment, type Labels, type RenderedOverlay } from './manifests';
import { NamespacedProcess } from './namespaced-process';
import { Bridge, checkPrerequisites, ip, Namespace } from './network';
import { podRules, selects, type PolicyEndpoint } from './policies';
import { containerEnv, unexpandedReferences } from './pod-env';
import { ProbeLoop } from './probes';
import { applyStandIns } from './stand-ins';

/** The namespace of the Gateway API implementation the public Gateway names (public-gateway.yaml). */
export const EDGE_NAMESPACE = 'envoy-gateway-system';
/** Where the Prometheus Operator's Prometheus runs (the allow-metrics-scrape policy and the PodMonitor name it). */
export const MONITORING = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
const RUNS = path.join(REPO_ROOT, '.cache/fleet');
/**
 * Where the fleet puts servers of the public internet (the SMTP relay): a documentation range outside the
 * private ones, so the egress policies' ipBlocks treat it as they treat the internet; on the bridge's link.
 */
const OUTSIDE = { subnet: '198.51.100.0/24', smtpRelay: '198.51.100.25' };
/** The submission port: the relay speaks SMTP without TLS (see smtp-relay.ts). */
const SMTP_PORT = 587;

export interface Pod {
  name: string;
  deployment: Deployment;
  ns: Namespace;
  labels: Labels;
  namedPorts: Record<string, number>;
  env: Record<string, string>;
  process?: NamespacedProcess;
  probes?: ProbeLoop;
  ready: boolean;
  terminating: boolean;
  restarts: number;
  log: string;
}

export interface FleetFigures {
  pods: number;
  probesPassed: number;
  probesFailed: number;
  restarts: number;
  policies: number;
  acceptRules: number;
  standIns: string[];
}

interface InfraServer {
  ns: Namespace;
  names: string[];
  stop(): Promise<void>;
}

/**
 * The pods of an overlay's Deployments as processes on this machine: each in its own network namespace
 * with its own address on one bridge, its environment resolved as the kubelet resolves it, its command
 * the image's (Dockerfile) with the image's working dir mapped onto the compiled build, its probes run
 * as the spec says, the Services' DNS names in its hosts file pointing at the ready pods, and the
 * NetworkPolicies as nftables rules in every pod's namespace. docs/fleet.md.
 */
export class Fleet {
  readonly pods: Pod[] = [];
  readonly figures: FleetFigures = {
    pods: 0,
    probesPassed: 0,
    probesFailed: 0,
    restarts: 0,
    policies: 0,
    acceptRules: 0,
    standIns: [],
  };
  private readonly infra: InfraServer[] = [];
  private edge?: Namespace;
  private monitoring?: Namespace;
  private outside?: InfraServer;
  private bridge: Bridge;
  private vethCount = 0;
  private readonly image: ImageConfig;
  private readonly imageRoot: string;

  private constructor(
    readonly overlay: RenderedOverlay,
    readonly runDir: string,
    private readonly runId: string,
    private readonly replicas: (deployment: string) => number,
  ) {
    this.bridge = new Bridge(`pf${runId}br`, `10.${200 + (parseInt(runId, 16) % 50)}`);
    this.image = readImage();
    this.imageRoot = path.join(runDir, 'image');
  }

  /** Renders `overlayDir`, starts the infrastructure and every Deployment's pods, waits until all are ready. */
  static async boot(options: {
    overlayDir: string;
    replicas?: number;
    /** How long each batch of pods may take to be ready. */
    readyTimeoutMs?: number;
    /** Pods started at once (default: the machine's cores). */
    startBatch?: number;
  }): Promise<Fleet> {
    checkPrerequisites();
    requireInfraArtifacts();
    sweepAbandonedRuns();
    const runId = randomBytes(2).toString('hex');
    const runDir = path.join(RUNS, runId);
    mkdirSync(runDir, { recursive: true });
    writeFileSync(path.join(runDir, 'owner.pid'), String(process.pid));
    const overlay = renderOverlay(options.overlayDir);
    const fleet = new Fleet(overlay, runDir, runId, (name) => options.replicas ?? overlay.replicasOf(name));
    try {
      buildImageRoot(fleet.imageRoot);
      fleet.bridge.create();
      await Promise.all([fleet.startInfrastructure(), fleet.startSmtpRelay()]);
      fleet.edge = fleet.namespace('edge', [OUTSIDE.subnet]);
      fleet.monitoring = fleet.namespace('monitoring');
      for (const deployment of overlay.deployments)
        for (let i = 0; i < fleet.replicas(deployment.metadata.name); i++) fleet.createPod(deployment);
      fleet.applyPolicies();
      // A cluster starts each pod on CPU of its own (requests); two shared cores starting sixteen Node
      // processes at once would miss every startup probe's budget. So pods start a few at a time, each
      // batch ready before the next, as many at once as there are cores.
      const batch = Math.max(1, options.startBatch ?? availableParallelism());
      for (let i = 0; i < fleet.pods.length; i += batch) {
        const starting = fleet.pods.slice(i, i + batch);
        for (const pod of starting) fleet.run(pod);
        await fleet.untilReady(starting, options.readyTimeoutMs ?? 150_000);
      }
    } catch (error) {
      await fleet.close({ keepLogs: true });
      throw error;
    }
    return fleet;
  }

  log(line: string): void {
    appendFileSync(path.join(this.runDir, 'fleet.log'), `${new Date().toISOString()} ${line}\n`);
  }

  podsOf(deployment: string): Pod[] {
    return this.pods.filter((pod) => pod.deployment.metadata.name === deployment && !pod.terminating);
  }

  /** The namespace standing for the Gateway API's proxies: where outside traffic enters from. */
  get edgeNamespace(): Namespace {
    if (!this.edge) throw new Error('fleet not booted');
    return this.edge;
  }

  /** Runs a command in a namespace; resolves to its exit code and output. */
  exec(ns: Namespace, argv: string[], timeoutMs = 30_000): Promise<{ code: number; output: string }> {
    return new Promise((resolve) => {
      execFile(
        'ip',
        ['netns', 'exec', ns.name, ...argv],
        { cwd: REPO_ROOT, timeout: timeoutMs, encoding: 'utf8' },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            output: `${stdout}${stderr}`,
          }),
      );
    });
  }

  /** The namespace standing for Prometheus, the scraper the metrics policy admits. */
  get monitoringNamespace(): Namespace {
    if (!this.monitoring) throw new Error('fleet not booted');
    return this.monitoring;
  }

  /** An HTTP request from the edge's namespace (where outside traffic enters), to a URL the hosts files resolve. */
  fetchFromEdge(
    url: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: string }> {
    return this.fetchFrom(this.edgeNamespace, url, init);
  }

  /** An HTTP request sent from inside `ns`. */
  async fetchFrom(
    ns: Namespace,
    url: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: string }> {
    const script = `fetch(process.argv[1], JSON.parse(process.argv[2])).then(async (r) => console.log(JSON.stringify({ status: r.status, body: await r.text() })), (e) => console.log(JSON.stringify({ status: 0, body: String(e.cause ?? e) })))`;
    const request = {
      method: init.method ?? 'GET',
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    };
    const { output } = await this.exec(this.edgeNamespace, [
      process.execPath,
      '-e',
      script,
      url,
      JSON.stringify(request),
    ]);
    return JSON.parse(output.trim().split('\n').pop() ?? '{}') as { status: number; body: string };
  }

  /** Whether a TCP connection from `ns` to host:port (a Service name resolved by the namespace's hosts file) opens. */
  async canConnect(ns: Namespace, host: string, port: number): Promise<boolean> {
    const script = `const s=require('node:net').connect({host:process.argv[1],port:+process.argv[2],timeout:2000});s.on('connect',()=>process.exit(0));s.on('timeout',()=>process.exit(3));s.on('error',()=>process.exit(4));`;
    const { code } = await this.exec(ns, [process.execPath, '-e', script, host, String(port)]);
    return code === 0;
  }

  /**
   * Restarts a Deployment's pods the way its RollingUpdate strategy does: up to maxSurge extra pods, and
   * never fewer than replicas − maxUnavailable ready ones; an old pod goes once a new one is ready.
   */
  async rollingRestart(name: string): Promise<void> {
    const old = this.podsOf(name);
    const deployment = old[0]?.deployment ?? this.overlay.deployments.find((d) => d.metadata.name === name);
    if (!deployment) throw new Error(`no Deployment ${name}`);
    const desired = old.length;
    const rolling = deployment.spec.strategy?.rollingUpdate ?? {};
    const count = (value: number | string | undefined, fallback: string, round: (n: number) => number) => {
      const v = value ?? fallback;
      return typeof v === 'number' ? v : round((parseInt(v, 10) / 100) * desired);
    };
    let surge = count(rolling.maxSurge, '25%', Math.ceil);
    const unavailable = count(rolling.maxUnavailable, '25%', Math.floor);
    if (surge === 0 && unavailable === 0) surge = 1;
    const fresh: Pod[] = [];
    while (old.length > 0) {
      while (old.length + fresh.length < desired + surge && fresh.length < desired) {
        const pod = this.createPod(deployment);
        this.applyPolicies();
        this.run(pod);
        fresh.push(pod);
      }
      await eventually(
        () => {
          const ready = [...old, ...fresh].filter((pod) => pod.ready).length - (old[0].ready ? 1 : 0);
          if (ready < desired - unavailable)
            throw new Error(`${name}: ${ready} ready without the next old pod`);
        },
        { timeoutMs: 180_000, intervalMs: 200 },
      );
      await this.deletePod(old.shift()!);
    }
    await eventually(
      () => {
        if (!fresh.every((pod) => pod.ready)) throw new Error(`${name}: new pods not all ready`);
      },
      { timeoutMs: 180_000, intervalMs: 200 },
    );
  }

  /** Drops every packet between `pod` and the Kafka server (both ways), until `heal`. */
  partitionFromKafka(pod: Pod): { heal(): void } {
    const kafka = this.infra.find((server) => server.ns.name.endsWith('-kafka'));
    if (!kafka) throw new Error('no kafka namespace');
    pod.ns.nft(
      `table inet partition {\n chain output { type filter hook output priority -10; ip daddr ${kafka.ns.address} drop; }\n chain input { type filter hook input priority -10; ip saddr ${kafka.ns.address} drop; }\n}\n`,
    );
    this.log(`partition ${pod.name} from kafka`);
    return {
      heal: () => {
        pod.ns.nft('delete table inet partition\n');
        this.log(`heal ${pod.name}`);
      },
    };
  }

  async close(options: { keepLogs?: boolean } = {}): Promise<void> {
    for (const pod of this.pods) pod.probes?.stop();
    await Promise.all(this.pods.map((pod) => pod.process?.stop('SIGKILL')));
    await Promise.all(
      [...this.infra, ...(this.outside ? [this.outside] : [])].map((server) => server.stop()),
    );
    for (const pod of this.pods) pod.ns.destroy();
    for (const server of this.infra) server.ns.destroy();
    this.outside?.ns.destroy();
    this.edge?.destroy();
    this.monitoring?.destroy();
    this.bridge.destroy();
    if (!options.keepLogs) rmSync(this.runDir, { recursive: true, force: true });
  }

  // ------------------------------------------------------------------------------------------------------

  private namespace(suffix: string, onLinkRoutes: string[] = []): Namespace {
    return Namespace.create(
      `pf${this.runId}-${suffix}`,
      this.bridge.allocate(),
      `pf${this.runId}v${this.vethCount++}`,
      this.bridge,
      onLinkRoutes,
    );
  }

  /**
   * The newsletter's relay, named by the Secret's smtp-url, at an outside address. Its test value is
   * smtp:// on the submission port: the relay offers no TLS (a reported stand-in).
   */
  private async startSmtpRelay(): Promise<void> {
    const secrets = this.overlay.secrets.get('pulse-secrets');
    if (!secrets?.['smtp-url']) return;
    const url = new URL(secrets['smtp-url']);
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    secrets['smtp-url'] = `smtp://${url.username}:${url.password}@${url.hostname}:${SMTP_PORT}`;
    this.figures.standIns.push(`smtp-url: smtp://…@${url.hostname}:${SMTP_PORT} (the test relay has no TLS)`);
    const ns = Namespace.create(
      `pf${this.runId}-smtp`,
      `${OUTSIDE.smtpRelay}/24`,
      `pf${this.runId}v${this.vethCount++}`,
      this.bridge,
      [this.bridge.subnet],
    );
    const relay = NamespacedProcess.start(
      ns.name,
      [
        process.execPath,
        '-r',
        '@swc-node/register',
        path.join(__dirname, 'smtp-relay.ts'),
        ns.address,
        String(SMTP_PORT),
        user,
        password,
      ],
      { env: process.env, cwd: REPO_ROOT, log: path.join(this.runDir, 'smtp-relay.log') },
    );
    this.outside = { ns, names: [url.hostname], stop: () => relay.stop('SIGKILL') };
    await eventually(
      () => {
        if (!relay.running) throw new Error(`smtp relay exited: ${tail(relay.log)}`);
        if (!readFileSync(relay.log, 'utf8').includes('listening'))
          throw new Error('smtp relay not listening yet');
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  }

  /** Mails the relay accepted, one entry per mail. */
  relayedMails(): { to: string[]; at: string }[] {
    const log = path.join(this.runDir, 'smtp-relay.log');
    if (!existsSync(log)) return [];
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{"to"'))
      .map((line) => JSON.parse(line) as { to: string[]; at: string });
  }

  /** Kafka, MongoDB and Redis under the names pulse-config gives them, each in its cluster namespace. */
  private async startInfrastructure(): Promise<void> {
    const config = this.overlay.configMaps.get(
      [...this.overlay.configMaps.keys()].find((name) => name.startsWith('pulse-config'))!,
    )!;
    const secrets = this.overlay.secrets.get('pulse-secrets') ?? {};
    const dir = (name: string) => path.join(this.runDir, 'infra', name);
    const kafkaAddress = parseAddresses(config.KAFKA_BROKERS)[0];
    const mongoAddresses = parseAddresses(config.MONGO_HOSTS);
    const redisAddress = parseAddresses(config.REDIS_ADDRESS)[0];
    const servers = [
      { kind: 'kafka', names: [kafkaAddress.host] },
      { kind: 'mongodb', names: mongoAddresses.map((a) => a.host) },
      { kind: 'redis', names: [redisAddress.host] },
    ];
    for (const server of servers) {
      const ns = this.namespace(server.kind);
      this.infra.push({ ns, names: server.names, stop: async () => undefined });
    }
    this.writeHostsFiles();
    const [kafkaNs, mongoNs, redisNs] = this.infra.map((server) => server.ns);
    const [kafka, mongo, redis] = await Promise.all([
      startKafka(kafkaNs, kafkaAddress, dir('kafka')),
      startMongo(mongoNs, mongoAddresses[0].port, dir('mongodb')),
      startRedis(redisNs, redisAddress.port, secrets['redis-password'], dir('redis')),
    ]);
    this.infra[0].stop = () => kafka.stop('SIGKILL');
    this.infra[1].stop = () => mongo.stop('SIGKILL');
    this.infra[2].stop = () => redis.stop('SIGKILL');
    for (const [server, kind] of this.infra.map((s, i) => [s, servers[i].kind] as const))
      for (const name of server.names)
        if (namespaceOf(name) !== kind)
          this.log(`note: ${name} is in namespace ${namespaceOf(name)}, started as ${kind}`);
  }

  private createPod(deployment: Deployment): Pod {
    const suffix = randomBytes(3).toString('hex').slice(0, 5);
    const name = `${deployment.metadata.name}-${suffix}`;
    const ns = this.namespace(name, [OUTSIDE.subnet]);
    const container = deployment.spec.template.spec.containers[0];
    const env = containerEnv(container, this.overlay, this.image.env, {
      name,
      namespace: this.overlay.namespace,
      ip: ns.address,
    });
    const missing = unexpandedReferences(env);
    if (missing.length)
      throw new Error(`${deployment.metadata.name}: variables never defined: ${missing.join(', ')}`);
    for (const note of applyStandIns(env))
      if (!this.figures.standIns.includes(note)) this.figures.standIns.push(note);
    const pod: Pod = {
      name,
      deployment,
      ns,
      labels: deployment.spec.template.metadata.labels,
      namedPorts: Object.fromEntries(
        (container.ports ?? []).filter((p) => p.name).map((p) => [p.name!, p.containerPort]),
      ),
      env,
      ready: false,
      terminating: false,
      restarts: 0,
      log: path.join(this.runDir, 'pods', `${name}.log`),
    };
    mkdirSync(path.join(this.runDir, 'pods', name, 'tmp'), { recursive: true });
    this.pods.push(pod);
    this.figures.pods++;
    this.writeHostsFiles();
    this.log(`pod ${name} at ${ns.address}`);
    return pod;
  }

  /** Starts (or restarts) the pod's container and its probe loop. */
  private run(pod: Pod): void {
    const container = pod.deployment.spec.template.spec.containers[0];
    const security = pod.deployment.spec.template.spec.securityContext ?? {};
    const entrypoint =
      container.command ?? this.image.entrypoint.filter((part) => !/(^|\/)tini$|^--$/.test(part));
    const args = container.args ?? (container.command ? [] : this.image.cmd);
    const tmp = path.join(this.runDir, 'pods', pod.name, 'tmp');
    chownSync(tmp, security.runAsUser ?? 0, security.runAsGroup ?? 0);
    const mapped = Object.fromEntries(
      Object.entries(pod.env).map(([key, value]) => [
        key,
        value.startsWith(`${this.image.workingDir}/`)
          ? path.join(this.imageRoot, value.slice(this.image.workingDir.length))
          : value,
      ]),
    );
    // The pod's host name and its user, as the runtime sets them. Its emptyDir /tmp (the only writable path)
    // is TMPDIR, not a mount over /tmp: the checkout, node_modules and the image folder may themselves live
    // under /tmp (a CI clone does), and a mount there would hide them from the pod.
    const wrapper =
      'hostname "$1" && export TMPDIR="$2" && cd "$3" && u=$4 g=$5 && shift 5 && exec setpriv --reuid="$u" --regid="$g" --clear-groups -- "$@"';
    pod.process = NamespacedProcess.start(
      pod.ns.name,
      [
        'unshare',
        '--uts',
        'sh',
        '-c',
        wrapper,
        'pod',
        pod.name,
        tmp,
        this.imageRoot,
        String(security.runAsUser ?? 0),
        String(security.runAsGroup ?? 0),
        ...entrypoint,
        ...args,
      ],
      {
        env: {
          PATH: `${path.join(this.imageRoot, 'node-bin')}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
          ...mapped,
        },
        cwd: this.imageRoot,
        log: pod.log,
      },
    );
    const portOf = (port: number | string) => (typeof port === 'number' ? port : pod.namedPorts[port]);
    pod.probes = new ProbeLoop(
      { address: pod.ns.address, portOf },
      {
        startup: container.startupProbe,
        readiness: container.readinessProbe,
        liveness: container.livenessProbe,
      },
      {
        onStarted: () => this.log(`${pod.name} started`),
        onResult: (_kind, passed) => (passed ? this.figures.probesPassed++ : this.figures.probesFailed++),
        onReadiness: (ready) => {
          if (pod.terminating) return;
          pod.ready = ready;
          this.log(`${pod.name} ${ready ? 'ready' : 'not ready'}`);
          this.writeHostsFiles();
        },
        onRestartNeeded: (kind) => void this.restartContainer(pod, kind),
      },
    );
    pod.probes.start();
  }

  private async restartContainer(pod: Pod, kind: string): Promise<void> {
    this.log(`${pod.name}: ${kind} probe failed, restarting the container`);
    pod.probes?.stop();
    pod.ready = false;
    this.writeHostsFiles();
    await pod.process?.stop(
      'SIGTERM',
      (pod.deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000,
    );
    if (pod.terminating) return;
    pod.restarts++;
    this.figures.restarts++;
    this.run(pod);
  }

  /** Deletion as the kubelet does it: out of the Services, preStop, SIGTERM, SIGKILL after the grace period. */
  private async deletePod(pod: Pod): Promise<void> {
    pod.terminating = true;
    pod.ready = false;
    this.writeHostsFiles();
    const started = Date.now();
    const graceMs = (pod.deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000;
    const preStop = pod.deployment.spec.template.spec.containers[0].lifecycle?.preStop?.exec?.command;
    if (preStop) await this.exec(pod.ns, preStop, graceMs);
    pod.probes?.stop();
    await pod.process?.stop('SIGTERM', Math.max(0, graceMs - (Date.now() - started)));
    this.log(`${pod.name} deleted`);
    this.pods.splice(this.pods.indexOf(pod), 1);
    pod.ns.destroy();
    this.applyPolicies();
  }

  private async untilReady(pods: Pod[], timeoutMs: number): Promise<void> {
    await eventually(
      () => {
        const exited = pods.filter((pod) => pod.process && !pod.process.running);
        if (exited.length)
          throw new Error(`pods exited: ${exited.map((pod) => `${pod.name}\n${tail(pod.log)}`).join('\n')}`);
        const waiting = pods.filter((pod) => !pod.ready);
        if (waiting.length)
          throw new Error(`not ready: ${waiting.map((pod) => `${pod.name}\n${tail(pod.log)}`).join('\n')}`);
      },
      { timeoutMs, intervalMs: 250 },
    );
  }

  /** Every namespace's hosts file: its own name, the ready pods behind each Service, the infrastructure. */
  private writeHostsFiles(): void {
    const ns = this.overlay.namespace;
    const lines: string[] = [];
    for (const service of this.overlay.services) {
      const name = service.metadata.name;
      for (const pod of this.pods.filter(
        (p) => p.ready && !p.terminating && selects({ matchLabels: service.spec.selector }, p.labels),
      ))
        lines.push(
          `${pod.ns.address} ${name} ${name}.${ns} ${name}.${ns}.svc ${name}.${ns}.svc.cluster.local`,
        );
    }
    for (const server of [...this.infra, ...(this.outside ? [this.outside] : [])])
      lines.push(`${server.ns.address} ${server.names.join(' ')}`);
    const entries = lines.join('\n');
    for (const pod of this.pods) pod.ns.writeHosts(`${pod.ns.address} ${pod.name}\n${entries}\n`);
    for (const server of this.infra) server.ns.writeHosts(`${entries}\n`);
    this.edge?.writeHosts(`${entries}\n`);
  }

  /** The NetworkPolicies of the overlay, as nftables rules in every pod's namespace (recomputed as pods come and go). */
  private applyPolicies(): void {
    const world: PolicyEndpoint[] = [
      ...this.pods.map((pod) => ({
        namespace: this.overlay.namespace,
        labels: pod.labels,
        address: pod.ns.address,
        namedPorts: pod.namedPorts,
      })),
      ...this.infra.map((server) => ({
        namespace: server.ns.name.split('-').pop()!,
        labels: { 'app.kubernetes.io/name': server.ns.name.split('-').pop()! },
        address: server.ns.address,
        namedPorts: {},
      })),
      ...(this.outside
        ? [{ namespace: '(internet)', labels: {}, address: this.outside.ns.address, namedPorts: {} }]
        : []),
      ...(this.edge
        ? [{ namespace: EDGE_NAMESPACE, labels: {}, address: this.edge.address, namedPorts: {} }]
        : []),
      ...(this.monitoring ? [{ ...MONITORING, address: this.monitoring.address, namedPorts: {} }] : []),
    ];
    let acceptRules = 0;
    for (const pod of this.pods) {
      const redirects = this.overlay.services
        .filter((service) => selects({ matchLabels: service.spec.selector }, pod.labels))
        .flatMap((service) =>
          service.spec.ports.map((port) => ({
            port: port.port,
            targetPort:
              typeof port.targetPort === 'string'
                ? pod.namedPorts[port.targetPort]
                : (port.targetPort ?? port.port),
          })),
        );
      const rules = podRules(
        {
          namespace: this.overlay.namespace,
          labels: pod.labels,
          address: pod.ns.address,
          namedPorts: pod.namedPorts,
        },
        this.overlay.networkPolicies,
        world,
        this.bridge.nodeAddress,
        redirects,
      );
      pod.ns.nft(rules.script);
      acceptRules += rules.acceptRules;
    }
    this.figures.policies = this.overlay.networkPolicies.length;
    this.figures.acceptRules = acceptRules;
  }
}

export const tail = (file: string): string =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(no output)';

/**
 * Namespaces, veths, bridges and /etc/netns entries of runs whose owner died without cleaning up; `prefix`
 * starts every name of a run (`pf` the fleet's, `pc` the compose booter's), `runs` holds their folders.
 */
export function sweepAbandonedRuns(runs = RUNS, prefix = 'pf'): void {
  if (!existsSync(runs)) return;
  for (const runId of readdirSync(runs)) {
    const owner = path.join(runs, runId, 'owner.pid');
    if (!existsSync(owner)) continue;
    const pid = Number(readFileSync(owner, 'utf8'));
    try {
      process.kill(pid, 0);
      continue; // still running
    } catch {
      // gone: clean up after it
    }
    for (const line of ip('netns', 'list').split('\n')) {
      const name = line.split(' ')[0];
      if (!name.startsWith(`${prefix}${runId}-`)) continue;
      const pids = execFileSync('ip', ['netns', 'pids', name], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
      for (const p of pids) process.kill(Number(p), 'SIGKILL');
      new Namespace(name, '', `${prefix}${runId}v-none`).destroy();
    }
    new Bridge(`${prefix}${runId}br`, '').destroy();
    rmSync(path.join(runs, runId), { recursive: true, force: true });
  }
}
