import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, freePort } from '@pulse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { REPO_ROOT } from './processes';

/** Kafka's jars, fetched from Maven Central by `infra/local/pulse-local up` (which npm test runs first). */
const KAFKA_LIBS = path.join(REPO_ROOT, '.cache/infra/kafka-libs');
const HOST = '127.0.0.1';

interface Node {
  id: number;
  port: number;
  controllerPort: number;
  dir: string;
  child?: ChildProcess;
}

/**
 * A three-broker Kafka 4 KRaft cluster on loopback ports for failure tests: every node is broker and
 * controller (a static three-voter quorum), topics get three replicas and need two in sync to take a
 * write, as a production cluster is set up. Nodes can be killed, stopped and started again with their
 * data, like machines.
 */
/** How long a node may take over a controlled shutdown when the whole cluster stops. */
const STOP_GRACE_MS = 15_000;

export class KafkaCluster {
  private constructor(private readonly nodes: Node[]) {}

  static async start(dir: string): Promise<KafkaCluster> {
    if (!existsSync(KAFKA_LIBS))
      throw new Error(`${KAFKA_LIBS} is missing: run \`infra/local/pulse-local up\` (npm test does)`);
    const nodes: Node[] = [];
    for (const id of [1, 2, 3])
      nodes.push({
        id,
        port: await freePort(),
        controllerPort: await freePort(),
        dir: path.join(dir, `node-${id}`),
      });
    const voters = nodes.map((node) => `${node.id}@${HOST}:${node.controllerPort}`).join(',');
    const clusterId = kafkaTool(['random-uuid']).trim().split('\n').pop() ?? randomUUID();
    for (const node of nodes) {
      mkdirSync(path.join(node.dir, 'data'), { recursive: true });
      writeFileSync(path.join(node.dir, 'server.properties'), properties(node, voters));
      writeFileSync(path.join(node.dir, 'log4j2.properties'), LOG4J2);
      kafkaTool(['format', '-t', clusterId, '-c', path.join(node.dir, 'server.properties')]);
    }
    const cluster = new KafkaCluster(nodes);
    for (const node of nodes) cluster.launch(node);
    try {
      await cluster.untilServing(nodes.map((node) => node.id));
    } catch (error) {
      await cluster.close();
      throw error;
    }
    return cluster;
  }

  /** The bootstrap list clients are given: every broker. */
  get brokers(): string {
    return this.nodes.map((node) => `${HOST}:${node.port}`).join(',');
  }

  /** SIGKILL: the node dies mid-write, as a machine does. */
  async kill(id: number): Promise<void> {
    await this.signal(this.node(id), 'SIGKILL');
  }

  /** SIGTERM: a controlled shutdown (leadership moves first). */
  async stop(id: number): Promise<void> {
    await this.signal(this.node(id), 'SIGTERM');
  }

  /**
   * SIGTERM to every node at once. A node whose controlled shutdown cannot finish (its quorum is stopping
   * too) is killed after STOP_GRACE_MS: the scenario is the cluster gone, not how long it takes to leave.
   */
  async stopAll(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.signal(node, 'SIGTERM', STOP_GRACE_MS)));
  }

  /** Starts stopped nodes again on their data and waits until the cluster serves with them. */
  async restart(...ids: number[]): Promise<void> {
    for (const id of ids) this.launch(this.node(id));
    await this.untilServing(ids);
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.signal(node, 'SIGKILL')));
  }

  /**
   * Until each node in `ids` answers a metadata request on its own port listing itself: the cluster's
   * view alone could still list a killed broker whose session has not yet expired.
   */
  private async untilServing(ids: number[]): Promise<void> {
    await Promise.all(ids.map((id) => this.untilNodeServes(this.node(id))));
  }

  private async untilNodeServes(node: Node): Promise<void> {
    await eventually(
      async () => {
        if (node.child?.exitCode != null)
          throw new Error(`kafka node ${node.id} exited (${node.child.exitCode}); see ${node.dir}/kafka.log`);
        const admin = new Kafka({
          clientId: 'pulse-test-cluster-probe',
          brokers: [`${HOST}:${node.port}`],
          logLevel: logLevel.NOTHING,
          retry: { retries: 0 },
        }).admin();
        try {
          await admin.connect();
          const { brokers } = await admin.describeCluster();
          if (!brokers.some((broker) => broker.nodeId === node.id))
            throw new Error(`node ${node.id} does not list itself yet`);
        } finally {
          await admin.disconnect().catch(() => undefined);
        }
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  }

  private launch(node: Node): void {
    const log = openSync(path.join(node.dir, 'kafka.log'), 'a');
    node.child = spawn(
      'java',
      [
        '-Xms64m',
        '-Xmx384m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-Djava.awt.headless=true',
        '-Djava.net.preferIPv4Stack=true',
        `-Dlog4j2.configurationFile=${path.join(node.dir, 'log4j2.properties')}`,
        `-Dkafka.logs.dir=${node.dir}`,
        '-cp',
        `${KAFKA_LIBS}/*`,
        'kafka.Kafka',
        path.join(node.dir, 'server.properties'),
      ],
      { stdio: ['ignore', log, log] },
    );
  }

  /** Sends `signal` and waits for the exit; SIGKILL after `killAfterMs` if it has not exited by then. */
  private async signal(node: Node, signal: NodeJS.Signals, killAfterMs?: number): Promise<void> {
    const child = node.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private node(id: number): Node {
    const node = this.nodes.find((candidate) => candidate.id === id);
    if (!node) throw new Error(`no kafka node ${id}`);
    return node;
  }
}

/** Kafka's StorageTool (random-uuid, format) from the jars infra/local fetched; its output, or an error with its own. */
export function kafkaTool(args: string[]): string {
  const result = spawnSync(
    'java',
    [
      '-Xmx256m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      `${KAFKA_LIBS}/*`,
      'kafka.tools.StorageTool',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`kafka StorageTool ${args[0]} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

function properties(node: Node, voters: string): string {
  return `process.roles=broker,controller
node.id=${node.id}
controller.quorum.voters=${voters}
listeners=PLAINTEXT://${HOST}:${node.port},CONTROLLER://${HOST}:${node.controllerPort}
advertised.listeners=PLAINTEXT://${HOST}:${node.port}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${path.join(node.dir, 'data')}
num.partitions=3
default.replication.factor=3
min.insync.replicas=2
auto.create.topics.enable=true
offsets.topic.replication.factor=3
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=3
transaction.state.log.min.isr=2
group.initial.rebalance.delay.ms=0
unclean.leader.election.enable=false
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
`;
}

// Kafka 4 logs through log4j2 (a log4j 1.x file would be ignored): warnings, and the broker's start and stop.
const LOG4J2 = `status = warn
appender.stdout.type = Console
appender.stdout.name = STDOUT
appender.stdout.layout.type = PatternLayout
appender.stdout.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.stdout.ref = STDOUT
logger.broker.name = kafka.server.BrokerServer
logger.broker.level = INFO
logger.raft.name = kafka.server.KafkaRaftServer
logger.raft.level = INFO
`;
