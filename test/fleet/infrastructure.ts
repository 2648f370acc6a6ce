import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { REPO_ROOT } from '../support/processes';
import { kafkaTool } from '../support/kafka-cluster';
import { NamespacedProcess } from './namespaced-process';
import type { Namespace } from './network';

/**
 * The servers the overlay's config points at (Strimzi's Kafka, the MongoDB replica set, Redis), started
 * fresh for the test in namespaces of their own, on the test's data folder, from the jars infra/local
 * downloads (`infra/local/pulse-local up`); the shared local stack binds loopback and stays untouched.
 */
const KAFKA_LIBS = path.join(REPO_ROOT, '.cache/infra/kafka-libs');
const MONGO_DIR = path.join(REPO_ROOT, '.cache/infra/mongo');
const JVM = [
  '-Xms64m',
  '-Xmx384m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Djava.awt.headless=true',
  '-Djava.net.preferIPv4Stack=true',
];

/** A host name of the overlay's config: `<service>.<namespace>.svc.cluster.local`-shaped, with its port. */
export interface InfraAddress {
  host: string;
  port: number;
}

export function parseAddresses(list: string): InfraAddress[] {
  return list
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [host, port] = entry.trim().split(':');
      return { host, port: Number(port) };
    });
}

/** The Kubernetes namespace a cluster DNS name points into (`name.<ns>.svc.cluster.local`). */
export function namespaceOf(host: string): string {
  const parts = host.split('.');
  const svc = parts.indexOf('svc');
  if (svc < 1) throw new Error(`${host} is not a cluster DNS name (<service>.<namespace>.svc.cluster.local)`);
  return parts[svc - 1];
}

export function requireInfraArtifacts(): void {
  for (const [what, file] of [
    ['Kafka jars', KAFKA_LIBS],
    ['the MongoDB-compatible server', path.join(MONGO_DIR, 'pulse-mongo.jar')],
  ])
    if (!existsSync(file)) throw new Error(`${what} missing (${file}): run \`infra/local/pulse-local up\``);
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'redis-server missing: run `infra/local/pulse-local up` (it installs Debian redis-server)',
    );
  }
}

/** A single KRaft node listening on its namespace's address, advertising the name the pods are given. */
export async function startKafka(
  ns: Namespace,
  advertised: InfraAddress,
  dir: string,
): Promise<NamespacedProcess> {
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const controller = advertised.port + 1;
  writeFileSync(
    path.join(dir, 'server.properties'),
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.bootstrap.servers=${ns.address}:${controller}`,
      `listeners=PLAINTEXT://${ns.address}:${advertised.port},CONTROLLER://${ns.address}:${controller}`,
      `advertised.listeners=PLAINTEXT://${advertised.host}:${advertised.port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${path.join(dir, 'data')}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=6',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'group.consumer.min.session.timeout.ms=6000',
      'group.consumer.session.timeout.ms=10000',
      'group.consumer.min.heartbeat.interval.ms=500',
      'group.consumer.heartbeat.interval.ms=1000',
      'num.network.threads=2',
      'num.io.threads=2',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'log4j2.properties'),
    'status = warn\nappender.out.type = Console\nappender.out.name = OUT\nappender.out.layout.type = PatternLayout\nappender.out.layout.pattern = [%d] %p %m (%c)%n\nrootLogger.level = WARN\nrootLogger.appenderRef.out.ref = OUT\n',
  );
  const clusterId = kafkaTool(['random-uuid']).trim().split('\n').pop() ?? '';
  kafkaTool(['format', '-t', clusterId, '-c', path.join(dir, 'server.properties'), '--standalone']);
  const kafka = NamespacedProcess.start(
    ns.name,
    [
      'java',
      ...JVM,
      `-Dlog4j2.configurationFile=${path.join(dir, 'log4j2.properties')}`,
      `-Dkafka.logs.dir=${dir}`,
      '-cp',
      `${KAFKA_LIBS}/*`,
      'kafka.Kafka',
      path.join(dir, 'server.properties'),
    ],
    { env: process.env, cwd: dir, log: path.join(dir, 'kafka.log') },
  );
  await untilProbeAnswers(ns, kafka, ['infra/local/probe-kafka.js', `${advertised.host}:${advertised.port}`]);
  return kafka;
}

/** mongo-java-server on the namespace's address, H2 file in the test's folder. */
export async function startMongo(ns: Namespace, port: number, dir: string): Promise<NamespacedProcess> {
  mkdirSync(dir, { recursive: true });
  const mongo = NamespacedProcess.start(
    ns.name,
    [
      'java',
      ...JVM,
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
      '-cp',
      `${path.join(MONGO_DIR, 'pulse-mongo.jar')}:${path.join(MONGO_DIR, 'lib')}/*`,
      'pulse.infra.PulseMongo',
      ns.address,
      String(port),
      `h2:${path.join(dir, 'pulse.mv')}`,
    ],
    { env: process.env, cwd: dir, log: path.join(dir, 'mongo.log') },
  );
  await untilProbeAnswers(ns, mongo, ['infra/local/probe-mongo.js', `mongodb://${ns.address}:${port}/`]);
  return mongo;
}

/** Debian's redis-server, with the password of the test Secret (the Bitnami chart's AUTH). */
export async function startRedis(
  ns: Namespace,
  port: number,
  password: string,
  dir: string,
): Promise<NamespacedProcess> {
  mkdirSync(dir, { recursive: true });
  const redis = NamespacedProcess.start(
    ns.name,
    [
      'redis-server',
      '--bind',
      ns.address,
      '--port',
      String(port),
      '--requirepass',
      password,
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--protected-mode',
      'no',
    ],
    { env: process.env, cwd: dir, log: path.join(dir, 'redis.log') },
  );
  await eventually(
    () => {
      if (!redis.running) throw new Error(`redis-server exited; see ${redis.log}`);
      const answer = execFileSync(
        'redis-cli',
        ['-h', ns.address, '-p', String(port), '--no-auth-warning', '-a', password, 'ping'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      if (answer.trim() !== 'PONG') throw new Error(`redis answered ${answer}`);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  return redis;
}

/** infra/local's own probe scripts, run inside the server's namespace (its hosts file names it). */
async function untilProbeAnswers(ns: Namespace, server: NamespacedProcess, probe: string[]): Promise<void> {
  await eventually(
    () => {
      if (!server.running) throw new Error(`server exited during start; see ${server.log}`);
      execFileSync('ip', ['netns', 'exec', ns.name, process.execPath, ...probe], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      });
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
}
