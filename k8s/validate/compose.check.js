'use strict';
// docker-compose.yml ('containers' mode): the infrastructure images, the eight processes and their
// variables, and .env.example documenting every variable the file reads.
const { check } = require('./report');
const { runK8sCheck } = require('./k8s-check-tool');
const { read } = require('./files');
const { parseDocs } = require('./load-yaml');
const { PROCS } = require('./expectations');
const { checkProcessEnv } = require('./process-env');

const INFRA_IMAGES = {
  kafka: /^apache\/kafka:4\./,
  mongo: /^mongo:7(\.|$)/,
  meilisearch: /^getmeili\/meilisearch:v1\./,
  redis: /^redis:7(\.|-|$)/,
  mailpit: /^axllent\/mailpit:/,
};
// The compose service behind each port (the LLM is remote: nothing to wait for).
const INFRA_OF_PORT = {
  bus: 'kafka',
  store: 'mongo',
  search: 'meilisearch',
  cache: 'redis',
  mailer: 'mailpit',
};

/** A compose `environment` (list or map) as name → value; undefined = passed through from .env. */
function normalizeEnv(environment) {
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((line) => {
        const i = line.indexOf('=');
        return i < 0 ? [line, undefined] : [line.slice(0, i), line.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(environment ?? {}).map(([k, v]) => [k, v === null ? undefined : v]),
  );
}

const unpublished = (name, service, problem) => {
  if (service.ports) problem(`${name}: publishes ports (only the gateway may)`);
};

module.exports = function checkCompose() {
  const composeText = read('docker-compose.yml');
  const compose = parseDocs(composeText)[0];
  const envExample = read('.env.example');

  check(
    'infrastructure: Kafka 4 (KRaft), MongoDB 7, Meilisearch v1, Redis 7, SMTP catcher, each with a healthcheck',
    (problem) => {
      for (const [name, pattern] of Object.entries(INFRA_IMAGES)) {
        const service = compose.services?.[name];
        if (!service) {
          problem(`${name} missing`);
          continue;
        }
        if (!pattern.test(service.image)) problem(`${name}: image ${service.image}`);
        if (!service.healthcheck?.test) problem(`${name}: no healthcheck`);
        unpublished(name, service, problem);
      }
      const kafkaEnv = normalizeEnv(compose.services?.kafka?.environment);
      if (kafkaEnv.KAFKA_PROCESS_ROLES !== 'broker,controller') problem('kafka is not a KRaft combined node');
      if (!/MEILI_MASTER_KEY:\?/.test(composeText)) problem('MEILI_MASTER_KEY is not required from .env');
    },
  );

  check(
    'the eight processes: build args, env per port, /readyz healthcheck, depends_on healthy infrastructure',
    (problem) => {
      for (const name of Object.keys(PROCS)) {
        const service = compose.services?.[name];
        if (!service) problem(`${name} missing`);
        else checkProcessService(name, service, problem);
      }
    },
  );

  check('every ${VAR} the compose file reads is documented in .env.example', (problem) => {
    const referenced = new Set([...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]));
    const nullValued = new Set();
    for (const service of Object.values(compose.services ?? {})) {
      for (const [k, v] of Object.entries(normalizeEnv(service.environment)))
        if (v === undefined) nullValued.add(k);
    }
    for (const name of [...referenced, ...nullValued]) {
      if (!new RegExp(`^#?\\s*${name}=`, 'm').test(envExample)) problem(`${name} is not in .env.example`);
    }
  });

  checkWithComposeGo();
};

function checkProcessService(name, service, problem) {
  const proc = PROCS[name];
  const args = service.build?.args ?? {};
  if (args.ENTRY !== proc.entry) problem(`${name}: build arg ENTRY=${args.ENTRY}, expected ${proc.entry}`);
  if (Number(args.PORT) !== proc.port) problem(`${name}: build arg PORT=${args.PORT}, expected ${proc.port}`);
  const env = normalizeEnv(service.environment);
  checkProcessEnv(name, env, problem);
  if (proc.uses.includes('store') && !new RegExp(`/pulse_${name}(\\?|$)`).test(env.MONGO_URL ?? '')) {
    problem(`${name}: MONGO_URL ${env.MONGO_URL} is not its own database pulse_${name}`);
  }
  const test = [].concat(service.healthcheck?.test ?? []).join(' ');
  if (!test.includes('/readyz')) problem(`${name}: healthcheck does not call /readyz`);
  if (!service.read_only) problem(`${name}: root file system not read-only`);
  const dependsOn = service.depends_on ?? {};
  for (const port of proc.uses) {
    const infra = INFRA_OF_PORT[port];
    if (infra && dependsOn[infra]?.condition !== 'service_healthy')
      problem(`${name}: no depends_on ${infra} (service_healthy)`);
  }
  if (name !== 'gateway') unpublished(name, service, problem);
  // One published port: the gateway's 3000, on the host port PULSE_PORT (3000 unless .env says otherwise).
  else if (JSON.stringify(service.ports) !== JSON.stringify(['${PULSE_PORT:-3000}:3000']))
    problem(`gateway: ports ${JSON.stringify(service.ports)}, expected ["\${PULSE_PORT:-3000}:3000"]`);
}

/**
 * The compose file loaded by compose-go (the Compose specification's loader, which `docker compose` is
 * built on: schema, interpolation, extends), through k8s/check, with .env.example's variables and a
 * placeholder for each secret it leaves empty.
 */
function checkWithComposeGo() {
  check('loads with compose-go (schema, interpolation, anchors)', (problem) => {
    try {
      runK8sCheck(['compose', 'docker-compose.yml', '.env.example']);
    } catch (error) {
      problem(error.message);
    }
  });
}
