'use strict';
// What each process is and needs, read from the code rather than repeated here: each service's port and
// the ports (adapters) it uses from services/*/src/*.service-definition.ts, the gateway's port from its
// source, the workspaces from package.json, the variable names from the zod schemas (*.config.ts).
const { read, exists, list } = require('./files');

const rootPackage = JSON.parse(read('package.json'));

/** The folder of every npm workspace that has a package.json, sorted. */
function workspaceDirs() {
  const dirs = [];
  for (const pattern of rootPackage.workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of list(parent, { withFileTypes: true })) {
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
  for (const dir of list('services')) {
    const src = `services/${dir}/src`;
    if (!exists(src)) continue;
    const file = list(src).find((f) => f.endsWith('.service-definition.ts'));
    if (!file) continue;
    const text = read(`${src}/${file}`);
    const name = /name:\s*'([^']+)'/.exec(text)?.[1];
    const port = Number(/defaultPort:\s*(\d+)/.exec(text)?.[1]);
    const uses = [...(/uses:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
    result[name] = { port, uses, entry: `${src}/main.ts`, component: 'service' };
  }
  return result;
}

/**
 * The services whose code guards routes with AdminGuard (libs/platform), read from their sources: each needs
 * the admin credential and the staff assertion key, as the gateway does, or its admin routes answer 503
 * (no credential) or refuse every signed-in staff member (no key).
 */
function adminServices() {
  const names = [];
  const guards = (dir) =>
    list(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory()
        ? guards(`${dir}/${entry.name}`)
        : entry.name.endsWith('.ts') &&
          !entry.name.endsWith('.spec.ts') &&
          /\bAdminGuard\b/.test(read(`${dir}/${entry.name}`)),
    );
  for (const [name, proc] of Object.entries(PROCS)) {
    const src = proc.entry.replace(/\/main\.ts$/, '');
    if (proc.component === 'service' && guards(src)) names.push(name);
  }
  return names.sort();
}

/** Variable names declared by the zod schemas of the processes. */
function schemaVariables() {
  const files = ['gateway/src/gateway.config.ts'];
  const walk = (dir) => {
    for (const entry of list(dir, { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.config.ts')) files.push(rel);
    }
  };
  walk('libs/platform/src');
  // The services' own settings (NEWSLETTER_TRENDING_URL, …).
  for (const dir of list('services')) if (exists(`services/${dir}/src`)) walk(`services/${dir}/src`);
  const names = new Set();
  for (const file of files) {
    // `NAME: z…`, or a helper that builds the zod field (`upstreamUrl(`, `int(`, `onOff(`).
    for (const match of read(file).matchAll(/^\s*([A-Z][A-Z0-9_]{2,}):\s*(?:z\b|[A-Za-z]+\()/gm))
      names.add(match[1]);
  }
  return names;
}

const PROCS = processes();
const ADMIN_SERVICES = adminServices();
/** What every service with admin routes, and the gateway, must be given (the Secret's keys in Kubernetes). */
const ADMIN_NEEDS = { ADMIN_TOKEN: 'admin-token', STAFF_ASSERTION_SECRET: 'staff-assertion-secret' };
const SCHEMA_VARS = schemaVariables();
// Names the design (docs/design.md §3, the deployment brief) gives for ports whose schema may not exist yet.
const DOCUMENTED_VARS = [
  ...['PORT', 'HOST', 'LOG_LEVEL', 'LOG_PRETTY', 'PULSE_DATA_DIR'],
  ...['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME'],
  ...['BUS_DRIVER', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID'],
  ...['STORE_DRIVER', 'MONGO_URL'],
  ...['SEARCH_DRIVER', 'MEILISEARCH_URL', 'MEILISEARCH_API_KEY', 'SEARCH_INDEX_PREFIX'],
  ...['CACHE_DRIVER', 'REDIS_URL', 'CACHE_KEY_PREFIX'],
  ...['MAIL_DRIVER', 'SMTP_URL', 'MAIL_FROM'],
  ...['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'IMAGE_MODEL'],
];
// Not read by Pulse's schemas: the image's own variables, Node's, the OpenTelemetry SDK's standard ones,
// and the helpers the manifests compose URLs from.
const HELPER_VARS = [
  ...['ENTRY', 'NODE_ENV', 'NODE_OPTIONS'],
  ...[
    'OTEL_METRICS_EXPORTER',
    'OTEL_EXPORTER_PROMETHEUS_PORT',
    'OTEL_TRACES_SAMPLER',
    'OTEL_TRACES_SAMPLER_ARG',
  ],
  ...['MONGO_USERNAME', 'MONGO_PASSWORD', 'MONGO_HOSTS', 'MONGO_DB_PREFIX', 'MONGO_OPTIONS'],
  ...['REDIS_PASSWORD', 'REDIS_ADDRESS', 'REDIS_DATABASE'],
];
const KNOWN_VARS = new Set([...SCHEMA_VARS, ...DOCUMENTED_VARS, ...HELPER_VARS]);

/** Warnings for the documented names no schema declares yet. */
const undeclaredVariables = () =>
  DOCUMENTED_VARS.filter((name) => !SCHEMA_VARS.has(name)).map(
    (name) => `${name} is set by the deployment files but no *.config.ts declares it yet`,
  );

// What each port needs in production (docs/design.md §3: the production adapters); null = any value.
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
// The gateway's variable for each service it proxies to.
const UPSTREAM_VARS = {
  content: 'CONTENT_URL',
  ingestion: 'INGESTION_URL',
  translation: 'TRANSLATION_URL',
  trending: 'TRENDING_URL',
  community: 'COMMUNITY_URL',
  newsletter: 'NEWSLETTER_URL',
  newsroom: 'NEWSROOM_URL',
};

/**
 * The read APIs one service calls on another (docs/design.md §1: otherwise only the gateway calls a
 * service), with the caller's variable that names the callee. The network policies must allow exactly
 * these, and the deployments must point the variable at the callee's Service.
 */
const SERVICE_CALLS = [
  { from: 'newsletter', to: 'trending', variable: 'NEWSLETTER_TRENDING_URL' },
  { from: 'community', to: 'content', variable: 'COMMUNITY_CONTENT_URL' },
];

module.exports = {
  rootPackage,
  SERVICE_CALLS,
  workspaceDirs,
  PROCS,
  ADMIN_SERVICES,
  ADMIN_NEEDS,
  KNOWN_VARS,
  undeclaredVariables,
  PORT_NEEDS,
  EVERY_PROCESS_NEEDS,
  UPSTREAM_VARS,
};
