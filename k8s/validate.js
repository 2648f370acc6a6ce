#!/usr/bin/env node
// Offline checks of the deployment files: Dockerfile, .dockerignore, docker-compose.yml, .env.example and
// k8s/ (base and every overlay). No Docker engine or cluster is needed; this is what can be verified
// without one. Facts are read from the code, not repeated here: each service's port and the ports
// (adapters) it uses come from services/*/src/*.service-definition.ts, the workspaces from package.json,
// the variable names from the zod schemas (*.config.ts).
//
//   node k8s/validate.js          # exit 0 when every check passes
//
// YAML is parsed with the `yaml` or `js-yaml` package when node_modules has one, else with python3's yaml.
// Overlays are rendered with `kubectl kustomize` (or `kustomize build`) when either is installed; without
// them only the base files are checked, as they are.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS script, run by node as is */

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const K8S = path.join(ROOT, 'k8s');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file) => fs.existsSync(path.join(ROOT, file));

// ---------------------------------------------------------------------------------------------------------
// Reporting

let passed = 0;
let failed = 0;
const warnings = [];
function check(title, fn) {
  const problems = [];
  try {
    fn((message) => problems.push(message));
  } catch (error) {
    problems.push(`threw: ${error.message}`);
  }
  if (problems.length === 0) {
    passed += 1;
    console.log(`  ✓ ${title}`);
  } else {
    failed += 1;
    console.log(`  ✗ ${title}`);
    for (const problem of problems) console.log(`      - ${problem}`);
  }
}
const warn = (message) => warnings.push(message);
const section = (title) => console.log(`\n${title}`);

// ---------------------------------------------------------------------------------------------------------
// YAML

function yamlParser() {
  for (const name of ['yaml', 'js-yaml']) {
    try {
      const lib = require(require.resolve(name, { paths: [ROOT] }));
      if (name === 'yaml') {
        return (text) =>
          lib.parseAllDocuments(text, { merge: true }).map((doc) => {
            if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
            return typeof doc.toJS === 'function' ? doc.toJS() : doc.toJSON();
          });
      }
      return (text) => lib.loadAll(text);
    } catch {
      // next
    }
  }
  return (text) => {
    const script = 'import sys, json, yaml\nprint(json.dumps(list(yaml.safe_load_all(sys.stdin.read()))))';
    const out = execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' });
    return JSON.parse(out);
  };
}
const parseAll = yamlParser();
const parseFile = (file) => parseAll(read(file)).filter((doc) => doc != null);

// ---------------------------------------------------------------------------------------------------------
// Facts from the code

const rootPackage = JSON.parse(read('package.json'));

function workspaceDirs() {
  const dirs = [];
  for (const pattern of rootPackage.workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of fs.readdirSync(path.join(ROOT, parent), { withFileTypes: true })) {
        if (entry.isDirectory() && exists(`${parent}/${entry.name}/package.json`))
          dirs.push(`${parent}/${entry.name}`);
      }
    } else if (exists(`${pattern}/package.json`)) {
      dirs.push(pattern);
    }
  }
  return dirs.sort();
}

/** name → { port, uses, entry, component } for the gateway and every service. */
function processes() {
  const result = {};
  const gatewaySource = read('gateway/src/create-gateway-app.ts');
  const gatewayPort = Number(/GATEWAY_DEFAULT_PORT\s*=\s*(\d+)/.exec(gatewaySource)?.[1]);
  result.gateway = { port: gatewayPort, uses: [], entry: 'gateway/src/main.ts', component: 'gateway' };
  for (const dir of fs.readdirSync(path.join(ROOT, 'services'))) {
    const src = `services/${dir}/src`;
    if (!exists(src)) continue;
    const file = fs.readdirSync(path.join(ROOT, src)).find((f) => f.endsWith('.service-definition.ts'));
    if (!file) continue;
    const text = read(`${src}/${file}`);
    const name = /name:\s*'([^']+)'/.exec(text)?.[1];
    const port = Number(/defaultPort:\s*(\d+)/.exec(text)?.[1]);
    const uses = [...(/uses:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
    result[name] = { port, uses, entry: `${src}/main.ts`, component: 'service' };
  }
  return result;
}

/** Variable names declared by the zod schemas of the processes. */
function schemaVariables() {
  const files = ['gateway/src/gateway.config.ts'];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.config.ts')) files.push(rel);
    }
  };
  walk('libs/platform/src');
  const names = new Set();
  for (const file of files) {
    for (const match of read(file).matchAll(/^\s*([A-Z][A-Z0-9_]{2,}):\s*(?:z\b|upstreamUrl\()/gm))
      names.add(match[1]);
  }
  return names;
}

const PROCS = processes();
const SCHEMA_VARS = schemaVariables();
// Names the design (DESIGN §3, the deployment brief) gives for ports whose schema may not exist yet.
const DOCUMENTED_VARS = [
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'LOG_PRETTY',
  'PULSE_DATA_DIR',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'BUS_DRIVER',
  'KAFKA_BROKERS',
  'KAFKA_CLIENT_ID',
  'STORE_DRIVER',
  'MONGO_URL',
  'SEARCH_DRIVER',
  'MEILISEARCH_URL',
  'MEILISEARCH_API_KEY',
  'SEARCH_INDEX_PREFIX',
  'CACHE_DRIVER',
  'REDIS_URL',
  'CACHE_KEY_PREFIX',
  'MAIL_DRIVER',
  'SMTP_URL',
  'MAIL_FROM',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_MODEL',
  'IMAGE_MODEL',
];
// Not read by Pulse: the image's own variables, Node's, and the helpers the manifests compose URLs from.
const HELPER_VARS = [
  'ENTRY',
  'NODE_ENV',
  'NODE_OPTIONS',
  'MONGO_USERNAME',
  'MONGO_PASSWORD',
  'MONGO_HOSTS',
  'MONGO_DB_PREFIX',
  'MONGO_OPTIONS',
  'REDIS_PASSWORD',
  'REDIS_ADDRESS',
  'REDIS_DATABASE',
];
const KNOWN_VARS = new Set([...SCHEMA_VARS, ...DOCUMENTED_VARS, ...HELPER_VARS]);
for (const name of DOCUMENTED_VARS) {
  if (!SCHEMA_VARS.has(name))
    warn(`${name} is set by the deployment files but no *.config.ts declares it yet`);
}

// What each port needs in production (DESIGN §3: the production adapters).
const PORT_NEEDS = {
  bus: { BUS_DRIVER: 'kafka', KAFKA_BROKERS: null, KAFKA_CLIENT_ID: null },
  store: { STORE_DRIVER: 'mongo', MONGO_URL: null },
  search: { SEARCH_DRIVER: 'meilisearch', MEILISEARCH_URL: null, MEILISEARCH_API_KEY: null },
  cache: { CACHE_DRIVER: 'redis', REDIS_URL: null },
  mailer: { MAIL_DRIVER: 'smtp', SMTP_URL: null },
  llm: { LLM_API_KEY: null },
  images: { LLM_API_KEY: null },
};
const EVERY_PROCESS_NEEDS = { HOST: '0.0.0.0', PORT: null, OTEL_SERVICE_NAME: null };
const UPSTREAM_VARS = {
  content: 'CONTENT_URL',
  ingestion: 'INGESTION_URL',
  translation: 'TRANSLATION_URL',
  trending: 'TRENDING_URL',
  community: 'COMMUNITY_URL',
  newsletter: 'NEWSLETTER_URL',
};

/** Checks a process's environment (name → value; undefined value = set from elsewhere) against its ports. */
function checkProcessEnv(name, env, problem) {
  const needs = { ...EVERY_PROCESS_NEEDS };
  for (const port of PROCS[name].uses) Object.assign(needs, PORT_NEEDS[port]);
  for (const [variable, expected] of Object.entries(needs)) {
    if (!(variable in env)) problem(`${name}: ${variable} missing`);
    else if (expected !== null && env[variable] !== undefined && String(env[variable]) !== expected) {
      problem(`${name}: ${variable}=${env[variable]}, expected ${expected}`);
    }
  }
  if ('PORT' in env && env.PORT !== undefined && Number(env.PORT) !== PROCS[name].port) {
    problem(`${name}: PORT=${env.PORT}, but the service listens on ${PROCS[name].port} by definition`);
  }
  if (name === 'gateway') {
    for (const [service, variable] of Object.entries(UPSTREAM_VARS)) {
      if (!(variable in env)) problem(`gateway: ${variable} missing`);
      else if (env[variable] !== undefined && env[variable] !== null) {
        const url = new URL(env[variable]);
        if (url.hostname !== service || Number(url.port) !== PROCS[service].port) {
          problem(`gateway: ${variable}=${env[variable]}, expected http://${service}:${PROCS[service].port}`);
        }
      }
    }
  }
  for (const variable of Object.keys(env)) {
    if (!KNOWN_VARS.has(variable))
      problem(`${name}: unknown variable ${variable} (typo, or not declared by any schema)`);
  }
}

// ---------------------------------------------------------------------------------------------------------
section('Repository');

check(
  '@swc-node/register and @swc/core are runtime dependencies (the images install with --omit=dev)',
  (problem) => {
    for (const dep of ['@swc-node/register', '@swc/core']) {
      if (!rootPackage.dependencies?.[dep]) problem(`${dep} is not in package.json "dependencies"`);
    }
    const lock = JSON.parse(read('package-lock.json'));
    for (const dep of ['@swc-node/register', '@swc/core', 'typescript']) {
      const entry = lock.packages?.[`node_modules/${dep}`];
      if (!entry) problem(`${dep} missing from package-lock.json`);
      else if (entry.dev)
        problem(`package-lock.json marks ${dep} dev-only: run npm install to refresh the lockfile`);
    }
  },
);

check('every process has an entry file and a port', (problem) => {
  const expected = ['gateway', 'content', 'ingestion', 'translation', 'trending', 'community', 'newsletter'];
  for (const name of expected) {
    if (!PROCS[name]) problem(`${name}: no service definition found`);
    else if (!exists(PROCS[name].entry)) problem(`${name}: ${PROCS[name].entry} does not exist`);
    else if (!Number.isInteger(PROCS[name].port)) problem(`${name}: no port found`);
  }
});

// ---------------------------------------------------------------------------------------------------------
section('Dockerfile and .dockerignore');

const dockerfile = read('Dockerfile');
const dockerignore = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

check('the deps stage copies the package.json of every workspace (and test/)', (problem) => {
  const wanted = [...workspaceDirs(), ...(exists('test/package.json') ? ['test'] : [])];
  for (const dir of wanted) {
    if (!new RegExp(`^COPY ${dir}/package\\.json ${dir}/\\s*$`, 'm').test(dockerfile))
      problem(`no COPY of ${dir}/package.json`);
  }
  if (!/^COPY package\.json package-lock\.json \.\/\s*$/m.test(dockerfile))
    problem('no COPY of package.json and package-lock.json');
  for (const match of dockerfile.matchAll(/^COPY (\S+)\/package\.json /gm)) {
    if (!exists(`${match[1]}/package.json`))
      problem(`COPY of ${match[1]}/package.json, which does not exist`);
  }
});

check('stages: npm ci, npm ci --omit=dev, front-end build, node:20-bookworm-slim runtime', (problem) => {
  if (!/^ARG NODE_VERSION=20\s*$/m.test(dockerfile)) problem('ARG NODE_VERSION=20 missing');
  const froms = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((m) => ({
    image: m[1],
    name: m[2],
  }));
  for (const stage of ['manifests', 'deps', 'prod-deps', 'build', 'runtime']) {
    if (!froms.some((f) => f.name === stage)) problem(`stage ${stage} missing`);
  }
  for (const f of froms) {
    if (f.image.startsWith('node:') && f.image !== 'node:${NODE_VERSION}-bookworm-slim')
      problem(`unexpected base ${f.image}`);
  }
  if (!/npm ci --no-audit/.test(dockerfile)) problem('no npm ci');
  if (!/npm ci --omit=dev/.test(dockerfile)) problem('no npm ci --omit=dev');
  if (!/bash frontends\/build-all\.sh/.test(dockerfile)) problem('front ends are not built');
  else if (!exists('frontends/build-all.sh')) problem('frontends/build-all.sh does not exist');
  for (const name of ['shell', 'news', 'trending', 'tech-analysis', 'qa']) {
    if (!dockerfile.includes(`COPY --from=build /app/frontends/${name}/dist ./frontends/${name}/dist`))
      problem(`${name} dist not copied`);
    if (!exists(`frontends/${name}/package.json`)) problem(`frontends/${name} does not exist`);
  }
});

check(
  'runtime: ARG ENTRY, HOST=0.0.0.0, NODE_ENV=production, non-root, HEALTHCHECK /healthz, tini + exec node',
  (problem) => {
    const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
    const argEntry = /^ARG ENTRY=(\S+)/m.exec(runtime)?.[1];
    if (!argEntry) problem('ARG ENTRY missing');
    else if (!exists(argEntry)) problem(`ARG ENTRY default ${argEntry} does not exist`);
    if (!/HOST=0\.0\.0\.0/.test(runtime)) problem('HOST=0.0.0.0 not set');
    if (!/NODE_ENV=production/.test(runtime)) problem('NODE_ENV=production not set');
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    if (!user || /^0(:|$)|^root/.test(user)) problem(`USER ${user ?? '(none)'} is not a non-root user`);
    else if (!/^\d+(:\d+)?$/.test(user))
      problem(`USER ${user} is not numeric (Kubernetes runAsNonRoot cannot verify a name)`);
    if (!/^HEALTHCHECK[\s\S]*?\/healthz/m.test(runtime)) problem('HEALTHCHECK on /healthz missing');
    if (!/^EXPOSE /m.test(runtime)) problem('EXPOSE missing');
    if (!/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/m.test(runtime)) problem('tini is not the ENTRYPOINT');
    if (!/^CMD \["sh", "-c", "exec node -r @swc-node\/register \\"\$ENTRY\\""\]/m.test(runtime))
      problem('CMD does not exec node -r @swc-node/register $ENTRY');
    for (const file of ['tsconfig.json', 'tsconfig.base.json'])
      if (!runtime.includes(file)) problem(`${file} not copied (swc-node reads decorators settings from it)`);
  },
);

check('.dockerignore excludes generated folders and keeps what the Dockerfile copies', (problem) => {
  for (const entry of ['node_modules', '.cache', '.data', 'dist', '.git', '.nx', 'coverage']) {
    if (!dockerignore.includes(entry)) problem(`${entry} not excluded`);
  }
  for (const kept of [
    'libs',
    'gateway',
    'services',
    'frontends',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'embedded',
  ]) {
    if (dockerignore.includes(kept)) problem(`${kept} is excluded but the Dockerfile needs it`);
  }
  if (dockerignore.includes('test/*') && !dockerignore.includes('!test/package.json'))
    problem('test/package.json excluded');
});

// ---------------------------------------------------------------------------------------------------------
section('docker-compose.yml and .env.example');

const composeText = read('docker-compose.yml');
const compose = parseAll(composeText)[0];
const envExample = read('.env.example');

const normalizeEnv = (environment) => {
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
};

check(
  'infrastructure: Kafka 3.9 (KRaft), MongoDB 7, Meilisearch v1, Redis 7, SMTP catcher, each with a healthcheck',
  (problem) => {
    const images = {
      kafka: /^apache\/kafka:3\.9\./,
      mongo: /^mongo:7(\.|$)/,
      meilisearch: /^getmeili\/meilisearch:v1\./,
      redis: /^redis:7(\.|-|$)/,
      mailpit: /^axllent\/mailpit:/,
    };
    for (const [name, pattern] of Object.entries(images)) {
      const service = compose.services?.[name];
      if (!service) {
        problem(`${name} missing`);
        continue;
      }
      if (!pattern.test(service.image)) problem(`${name}: image ${service.image}`);
      if (!service.healthcheck?.test) problem(`${name}: no healthcheck`);
      if (service.ports) problem(`${name}: publishes ports (only the gateway may)`);
    }
    const kafkaEnv = normalizeEnv(compose.services?.kafka?.environment);
    if (kafkaEnv.KAFKA_PROCESS_ROLES !== 'broker,controller') problem('kafka is not a KRaft combined node');
    if (!/MEILI_MASTER_KEY:\?/.test(composeText)) problem('MEILI_MASTER_KEY is not required from .env');
  },
);

check(
  'the seven processes: build args, env per port, /readyz healthcheck, depends_on healthy infrastructure',
  (problem) => {
    const infraOf = {
      bus: 'kafka',
      store: 'mongo',
      search: 'meilisearch',
      cache: 'redis',
      mailer: 'mailpit',
    };
    for (const [name, proc] of Object.entries(PROCS)) {
      const service = compose.services?.[name];
      if (!service) {
        problem(`${name} missing`);
        continue;
      }
      const args = service.build?.args ?? {};
      if (args.ENTRY !== proc.entry)
        problem(`${name}: build arg ENTRY=${args.ENTRY}, expected ${proc.entry}`);
      if (Number(args.PORT) !== proc.port)
        problem(`${name}: build arg PORT=${args.PORT}, expected ${proc.port}`);
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
        const infra = infraOf[port];
        if (!infra) continue;
        if (dependsOn[infra]?.condition !== 'service_healthy')
          problem(`${name}: no depends_on ${infra} (service_healthy)`);
      }
      if (name === 'gateway') {
        if (JSON.stringify(service.ports) !== JSON.stringify(['3000:3000']))
          problem(`gateway: ports ${JSON.stringify(service.ports)}, expected ["3000:3000"]`);
      } else if (service.ports) {
        problem(`${name}: publishes ports (only the gateway may)`);
      }
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

const composeCli = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (composeCli.status === 0) {
  check('docker compose config -q', (problem) => {
    const env = {
      ...process.env,
      MEILI_MASTER_KEY: 'validation-only-0123456789',
      REDIS_PASSWORD: 'validation-only',
    };
    const result = spawnSync('docker', ['compose', '-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) problem(result.stderr.trim());
  });
} else {
  warn('`docker compose` is not available: the compose file was checked by this script only');
}

// ---------------------------------------------------------------------------------------------------------
section('Kubernetes');

function findRenderer() {
  const tries = [
    ['kubectl', ['kustomize']],
    ['kustomize', ['build']],
  ];
  for (const [cmd, args] of tries) {
    const probe = spawnSync(cmd, [...args, '--help'], { encoding: 'utf8' });
    if (probe.status === 0)
      return (dir) =>
        execFileSync(cmd, [...args, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
  return null;
}
const render = findRenderer();

const secretExample = parseFile('k8s/base/secret.example.yaml')[0];
const secretKeys = new Set(Object.keys(secretExample?.stringData ?? secretExample?.data ?? {}));

check('kustomization: secret.example.yaml is a template, not a resource', (problem) => {
  const kustomization = parseFile('k8s/base/kustomization.yaml')[0];
  const resources = kustomization.resources ?? [];
  if (resources.some((r) => r.includes('secret'))) problem('a secret is listed in resources');
  for (const r of resources) if (!exists(`k8s/base/${r}`)) problem(`resource ${r} does not exist`);
  if (secretExample?.kind !== 'Secret' || secretExample?.metadata?.name !== 'pulse-secrets')
    problem('secret.example.yaml is not the Secret pulse-secrets');
});

/** Base files as they are, for when no renderer is installed (ConfigMaps come from the .env files). */
function rawBase() {
  const kustomization = parseFile('k8s/base/kustomization.yaml')[0];
  const docs = kustomization.resources.flatMap((r) => parseFile(`k8s/base/${r}`));
  for (const generator of kustomization.configMapGenerator ?? []) {
    const data = {};
    for (const file of generator.envs ?? []) {
      for (const line of read(`k8s/base/${file}`).split('\n')) {
        const m = /^([^#=\s][^=]*)=(.*)$/.exec(line);
        if (m) data[m[1]] = m[2];
      }
    }
    docs.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const doc of docs)
    if (doc.metadata && !doc.metadata.namespace && doc.kind !== 'Namespace')
      doc.metadata.namespace = kustomization.namespace;
  return docs;
}

const builds = [];
if (render) {
  builds.push(['base', 'k8s/base']);
  for (const overlay of fs.readdirSync(path.join(K8S, 'overlays')))
    builds.push([`overlays/${overlay}`, `k8s/overlays/${overlay}`]);
} else {
  warn('neither kubectl nor kustomize is installed: overlays were not rendered, only k8s/base was checked');
}

function renderDocs(dir) {
  return parseAll(render(path.join(ROOT, dir))).filter((d) => d != null);
}

const NAMESPACED = new Set([
  'Deployment',
  'Service',
  'ConfigMap',
  'Secret',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Ingress',
  'NetworkPolicy',
]);

function checkManifests(label, docs) {
  const byKind = (kind) => docs.filter((d) => d.kind === kind);
  const find = (kind, name) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
  const namespaceDoc = byKind('Namespace')[0];

  check(`${label}: every object has apiVersion, kind, metadata.name, and one namespace`, (problem) => {
    if (!namespaceDoc) problem('no Namespace object');
    for (const doc of docs) {
      if (!doc.apiVersion || !doc.kind || !doc.metadata?.name)
        problem(`incomplete object ${JSON.stringify(doc).slice(0, 80)}`);
      if (NAMESPACED.has(doc.kind) && doc.metadata?.namespace !== namespaceDoc?.metadata?.name) {
        problem(
          `${doc.kind}/${doc.metadata?.name} in namespace ${doc.metadata?.namespace}, not ${namespaceDoc?.metadata?.name}`,
        );
      }
      if (!NAMESPACED.has(doc.kind) && doc.kind !== 'Namespace') problem(`unexpected kind ${doc.kind}`);
    }
    for (const cm of byKind('ConfigMap')) {
      for (const key of Object.keys(cm.data ?? {}))
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
          problem(`ConfigMap ${cm.metadata.name}: ${key} is not a variable name`);
    }
  });

  const deployments = Object.fromEntries(byKind('Deployment').map((d) => [d.metadata.name, d]));

  check(
    `${label}: one Deployment per process, with port, probes, resources and security context`,
    (problem) => {
      for (const name of Object.keys(PROCS)) if (!deployments[name]) problem(`no Deployment ${name}`);
      for (const [name, deployment] of Object.entries(deployments)) {
        const proc = PROCS[name];
        if (!proc) {
          problem(`Deployment ${name} is no Pulse process`);
          continue;
        }
        const spec = deployment.spec;
        const pod = spec.template.spec;
        const labels = spec.template.metadata?.labels ?? {};
        for (const [k, v] of Object.entries(spec.selector?.matchLabels ?? {}))
          if (labels[k] !== v) problem(`${name}: selector ${k}=${v} does not match the pod labels`);
        for (const key of [
          'app.kubernetes.io/name',
          'app.kubernetes.io/part-of',
          'app.kubernetes.io/component',
        ])
          if (!labels[key]) problem(`${name}: pod label ${key} missing`);
        if (labels['app.kubernetes.io/name'] !== name)
          problem(`${name}: app.kubernetes.io/name=${labels['app.kubernetes.io/name']}`);
        if (pod.containers.length !== 1) problem(`${name}: ${pod.containers.length} containers`);
        const c = pod.containers[0];
        if (!c.image) problem(`${name}: no image`);
        const http = (c.ports ?? []).find((p) => p.name === 'http');
        if (!http) problem(`${name}: no port named http`);
        else if (http.containerPort !== proc.port)
          problem(`${name}: containerPort ${http.containerPort}, expected ${proc.port}`);
        const probe = (kind, wantedPaths) => {
          const p = c[kind];
          if (!p?.httpGet) return problem(`${name}: no ${kind}`);
          if (!wantedPaths.includes(p.httpGet.path))
            problem(`${name}: ${kind} on ${p.httpGet.path}, expected ${wantedPaths.join(' or ')}`);
          if (p.httpGet.port !== 'http' && p.httpGet.port !== proc.port)
            problem(`${name}: ${kind} on port ${p.httpGet.port}`);
        };
        probe('startupProbe', ['/healthz']);
        probe('livenessProbe', ['/healthz']);
        // The gateway's /readyz aggregates every service; see the comment in k8s/base/gateway.yaml.
        probe('readinessProbe', name === 'gateway' ? ['/readyz', '/healthz'] : ['/readyz']);
        for (const kind of ['requests', 'limits'])
          for (const r of ['cpu', 'memory'])
            if (!c.resources?.[kind]?.[r]) problem(`${name}: resources.${kind}.${r} missing`);
        if (!Number.isInteger(pod.terminationGracePeriodSeconds))
          problem(`${name}: terminationGracePeriodSeconds missing`);
        const podSc = pod.securityContext ?? {};
        const sc = c.securityContext ?? {};
        if (podSc.runAsNonRoot !== true && sc.runAsNonRoot !== true) problem(`${name}: runAsNonRoot missing`);
        if (sc.readOnlyRootFilesystem !== true) problem(`${name}: readOnlyRootFilesystem missing`);
        if (sc.allowPrivilegeEscalation !== false) problem(`${name}: allowPrivilegeEscalation not false`);
        if (!(sc.capabilities?.drop ?? []).includes('ALL')) problem(`${name}: capabilities not dropped`);
        const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
        if (!tmp || !(pod.volumes ?? []).some((v) => v.name === tmp.name && v.emptyDir))
          problem(`${name}: /tmp is not an emptyDir`);
        if (!(pod.topologySpreadConstraints ?? []).length) problem(`${name}: no topologySpreadConstraints`);
        for (const t of pod.topologySpreadConstraints ?? []) {
          for (const [k, v] of Object.entries(t.labelSelector?.matchLabels ?? {}))
            if (labels[k] !== v) problem(`${name}: topology spread selects ${k}=${v}, not its pods`);
        }
      }
    },
  );

  check(
    `${label}: each process gets the variables of the ports it uses, from ConfigMaps and the Secret`,
    (problem) => {
      for (const [name, deployment] of Object.entries(deployments)) {
        if (!PROCS[name]) continue;
        const c = deployment.spec.template.spec.containers[0];
        const env = {};
        for (const source of c.envFrom ?? []) {
          if (source.configMapRef) {
            const cm = find('ConfigMap', source.configMapRef.name);
            if (!cm) {
              problem(`${name}: envFrom ConfigMap ${source.configMapRef.name} does not exist`);
              continue;
            }
            Object.assign(env, cm.data);
          } else {
            problem(`${name}: envFrom other than a ConfigMap (secrets are picked key by key)`);
          }
        }
        for (const entry of c.env ?? []) {
          if ('value' in entry) {
            for (const ref of String(entry.value).matchAll(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g)) {
              if (!(ref[1] in env))
                problem(`${name}: ${entry.name} refers to $(${ref[1]}), not defined before it`);
            }
            env[entry.name] = String(entry.value).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (_, v) =>
              env[v] === undefined ? `<${v}>` : env[v],
            );
          } else if (entry.valueFrom?.secretKeyRef) {
            const ref = entry.valueFrom.secretKeyRef;
            if (ref.name !== 'pulse-secrets')
              problem(`${name}: ${entry.name} from Secret ${ref.name}, not pulse-secrets`);
            if (!secretKeys.has(ref.key))
              problem(`${name}: ${entry.name} from key ${ref.key}, not in secret.example.yaml`);
            env[entry.name] = `<secret:${ref.key}>`;
          } else if (entry.valueFrom?.configMapKeyRef) {
            env[entry.name] = undefined;
          } else {
            problem(`${name}: ${entry.name} has neither value nor valueFrom`);
          }
        }
        if (env.ENTRY !== PROCS[name].entry)
          problem(`${name}: ENTRY=${env.ENTRY}, expected ${PROCS[name].entry}`);
        // Only the variables this process reads are judged (pulse-config is shared by all seven).
        const own = Object.fromEntries(
          Object.entries(env).filter(([k]) => KNOWN_VARS.has(k) || (c.env ?? []).some((e) => e.name === k)),
        );
        checkProcessEnv(name, own, problem);
        if (
          PROCS[name].uses.includes('store') &&
          !/^mongodb:\/\/<secret:[^>]+>:<secret:[^>]+>@[^/]+\/[a-z_]+\?/.test(env.MONGO_URL ?? '')
        ) {
          problem(
            `${name}: MONGO_URL does not compose to mongodb://user:password@hosts/db?options (${env.MONGO_URL})`,
          );
        } else if (
          PROCS[name].uses.includes('store') &&
          !new RegExp(`/[a-z_]*${name}\\?`).test(env.MONGO_URL)
        ) {
          problem(`${name}: MONGO_URL database is not its own (${env.MONGO_URL})`);
        }
      }
    },
  );

  check(`${label}: Services, PodDisruptionBudgets, HorizontalPodAutoscalers, Ingress`, (problem) => {
    for (const [name, deployment] of Object.entries(deployments)) {
      const labels = deployment.spec.template.metadata.labels;
      const matches = (selector) =>
        Object.keys(selector ?? {}).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
      const service = find('Service', name);
      if (!service) problem(`no Service ${name}`);
      else {
        if (!matches(service.spec.selector)) problem(`Service ${name} does not select its pods`);
        const port = service.spec.ports?.[0];
        if (port?.targetPort !== 'http' && port?.targetPort !== PROCS[name]?.port)
          problem(`Service ${name}: targetPort ${port?.targetPort}`);
        if (name !== 'gateway' && port?.port !== PROCS[name]?.port)
          problem(`Service ${name}: port ${port?.port}, but the gateway calls it on ${PROCS[name]?.port}`);
      }
      const pdb = byKind('PodDisruptionBudget').find((p) => matches(p.spec.selector?.matchLabels));
      if (!pdb) problem(`no PodDisruptionBudget selects ${name}`);
      const hpa = byKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef?.name === name);
      if (['gateway', 'content'].includes(name)) {
        if (!hpa) problem(`no HorizontalPodAutoscaler for ${name}`);
        else {
          if (hpa.spec.scaleTargetRef.kind !== 'Deployment')
            problem(`HPA ${name} does not target a Deployment`);
          if (!(hpa.spec.metrics ?? []).some((m) => m.resource?.name === 'cpu'))
            problem(`HPA ${name} has no CPU metric`);
          if (!(hpa.spec.minReplicas <= hpa.spec.maxReplicas))
            problem(`HPA ${name}: min ${hpa.spec.minReplicas} > max ${hpa.spec.maxReplicas}`);
        }
        if (deployment.spec.replicas !== undefined)
          problem(`${name}: replicas set although an HPA owns the count`);
      }
    }
    const ingresses = byKind('Ingress');
    if (ingresses.length !== 1) problem(`${ingresses.length} Ingress objects`);
    for (const ingress of ingresses) {
      if (ingress.spec.ingressClassName !== 'nginx')
        problem(`Ingress class ${ingress.spec.ingressClassName}`);
      if (!ingress.spec.tls?.[0]?.secretName) problem('Ingress without a TLS secret');
      for (const rule of ingress.spec.rules ?? []) {
        if (!(ingress.spec.tls?.[0]?.hosts ?? []).includes(rule.host))
          problem(`TLS does not cover host ${rule.host}`);
        for (const p of rule.http?.paths ?? []) {
          const svc = find('Service', p.backend?.service?.name);
          if (p.backend?.service?.name !== 'gateway')
            problem(`Ingress routes ${p.path} to ${p.backend?.service?.name}, not the gateway`);
          else if (
            !svc?.spec.ports.some(
              (sp) => sp.name === p.backend.service.port?.name || sp.port === p.backend.service.port?.number,
            )
          )
            problem('Ingress backend port not on the gateway Service');
        }
      }
    }
  });

  check(
    `${label}: NetworkPolicies (default deny, services only from the gateway on their port, DNS, infrastructure)`,
    (problem) => {
      const policies = byKind('NetworkPolicy');
      const selects = (policy, name) => {
        const sel = policy.spec.podSelector ?? {};
        const labels = deployments[name]?.spec.template.metadata.labels ?? {};
        const okLabels = Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
        const okExpr = (sel.matchExpressions ?? []).every(
          (e) => e.operator === 'In' && e.values.includes(labels[e.key]),
        );
        return okLabels && okExpr;
      };
      const deny = policies.find(
        (p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress && !p.spec.egress,
      );
      if (!deny || !['Ingress', 'Egress'].every((t) => deny.spec.policyTypes.includes(t)))
        problem('no default-deny policy for Ingress and Egress');
      const gatewayLabels = deployments.gateway?.spec.template.metadata.labels ?? {};
      for (const name of Object.keys(PROCS)) {
        const port = PROCS[name].port;
        const ingress = policies
          .filter((p) => p.spec.policyTypes?.includes('Ingress') && selects(p, name))
          .flatMap((p) => p.spec.ingress ?? []);
        if (name === 'gateway') {
          if (
            !ingress.some(
              (rule) =>
                (rule.ports ?? []).some((p) => p.port === port) &&
                (rule.from ?? []).some((f) => f.namespaceSelector),
            )
          )
            problem('gateway: no ingress from the ingress controller on its port');
          continue;
        }
        if (!ingress.length) problem(`${name}: no ingress rule`);
        for (const rule of ingress) {
          const fromGatewayOnly =
            (rule.from ?? []).length > 0 &&
            rule.from.every(
              (f) =>
                !f.namespaceSelector &&
                !f.ipBlock &&
                f.podSelector &&
                Object.entries(f.podSelector.matchLabels ?? {}).every(([k, v]) => gatewayLabels[k] === v),
            );
          if (!fromGatewayOnly) problem(`${name}: accepts traffic from something other than the gateway`);
          if (!(rule.ports ?? []).length || !rule.ports.every((p) => p.port === port))
            problem(`${name}: ingress ports ${JSON.stringify(rule.ports)}, expected ${port}`);
        }
        const gatewayEgress = policies
          .filter((p) => p.spec.policyTypes?.includes('Egress') && selects(p, 'gateway'))
          .flatMap((p) => p.spec.egress ?? []);
        const reach = gatewayEgress.some(
          (rule) =>
            (rule.ports ?? []).some(
              (p) => p.port === port || (p.endPort && p.port <= port && port <= p.endPort),
            ) && (rule.to ?? []).some((t) => t.podSelector?.matchLabels?.['app.kubernetes.io/name'] === name),
        );
        if (!reach) problem(`gateway: no egress to ${name} on ${port}`);
      }
      const everyone = policies.filter(
        (p) => p.spec.policyTypes?.includes('Egress') && Object.keys(PROCS).every((n) => selects(p, n)),
      );
      const egress = everyone.flatMap((p) => p.spec.egress ?? []);
      if (!egress.some((r) => (r.ports ?? []).some((p) => p.port === 53)))
        problem('no DNS egress for every pod');
      for (const [infra, port] of [
        ['kafka', 9092],
        ['mongodb', 27017],
        ['redis', 6379],
        ['meilisearch', 7700],
      ]) {
        if (
          !egress.some(
            (r) =>
              (r.ports ?? []).some((p) => p.port === port) &&
              (r.to ?? []).some(
                (t) => t.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === infra,
              ),
          )
        ) {
          problem(`no egress to ${infra} on ${port} for every pod`);
        }
      }
    },
  );
}

if (render) {
  for (const [label, dir] of builds) {
    let docs;
    try {
      docs = renderDocs(dir);
    } catch (error) {
      check(`${label}: renders`, (problem) => problem(String(error.stderr || error.message).trim()));
      continue;
    }
    check(`${label}: renders (${docs.length} objects)`, () => {});
    checkManifests(label, docs);
    if (label === 'overlays/production') {
      check(`${label}: pinned image tag, remotes on https, LLM on`, (problem) => {
        for (const d of docs.filter((x) => x.kind === 'Deployment')) {
          const image = d.spec.template.spec.containers[0].image;
          if (!/:[^/]+$/.test(image) || image.endsWith(':latest'))
            problem(`${d.metadata.name}: image ${image} not pinned`);
        }
        const gatewayConfig = docs.find(
          (x) => x.kind === 'ConfigMap' && x.metadata.name.startsWith('gateway-config'),
        );
        for (const key of [
          'REMOTE_NEWS_URL',
          'REMOTE_TRENDING_URL',
          'REMOTE_TECH_ANALYSIS_URL',
          'REMOTE_QA_URL',
        ]) {
          const value = gatewayConfig?.data?.[key] ?? '';
          if (!/^https:\/\/.+\/mf-manifest\.json$/.test(value)) problem(`${key}=${value}`);
        }
        const shared = docs.find((x) => x.kind === 'ConfigMap' && x.metadata.name.startsWith('pulse-config'));
        if (shared?.data?.LLM_BASE_URL && !shared.data.LLM_MODEL)
          problem('LLM_BASE_URL without LLM_MODEL (the process would exit 78)');
      });
    }
  }
} else {
  checkManifests('base (unrendered)', rawBase());
}

// ---------------------------------------------------------------------------------------------------------
console.log('');
for (const message of warnings) console.log(`  ! ${message}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
