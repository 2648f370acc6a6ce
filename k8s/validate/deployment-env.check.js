'use strict';
// Each Deployment's environment as the container will see it: ConfigMaps by envFrom, then env entries in
// order ($(VAR) expanded, Secret keys picked one by one), judged like the compose file's.
const { check } = require('./report');
const { PROCS, KNOWN_VARS, SERVICE_CALLS } = require('./expectations');
const { checkProcessEnv } = require('./process-env');

const VAR_REF = /\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g;
const COMPOSED_MONGO_URL = /^mongodb:\/\/<secret:[^>]+>:<secret:[^>]+>@[^/]+\/[a-z_]+\?/;

module.exports = function checkDeploymentEnv({ label, find, deployments, secretKeys }) {
  check(
    `${label}: each process gets the variables of the ports it uses, from ConfigMaps and the Secret`,
    (problem) => {
      for (const [name, deployment] of Object.entries(deployments)) {
        if (!PROCS[name]) continue;
        const c = deployment.spec.template.spec.containers[0];
        const env = containerEnv(name, c, { find, secretKeys }, problem);
        if (env.ENTRY !== PROCS[name].entry)
          problem(`${name}: ENTRY=${env.ENTRY}, expected ${PROCS[name].entry}`);
        // Only the variables this process reads are judged (pulse-config is shared by all eight).
        const own = Object.fromEntries(
          Object.entries(env).filter(([k]) => KNOWN_VARS.has(k) || (c.env ?? []).some((e) => e.name === k)),
        );
        checkProcessEnv(name, own, problem);
        if (PROCS[name].uses.includes('store')) checkMongoUrl(name, env.MONGO_URL, problem);
        for (const call of SERVICE_CALLS.filter((c) => c.from === name)) {
          const expected = `http://${call.to}:${PROCS[call.to].port}`;
          if (env[call.variable] !== expected)
            problem(
              `${name}: ${call.variable}=${env[call.variable]}, expected ${expected} (the ${call.to} Service)`,
            );
        }
      }
    },
  );
};

/** name → value; a Secret key stands as <secret:key>, a configMapKeyRef as undefined. */
function containerEnv(name, c, { find, secretKeys }, problem) {
  const env = {};
  for (const source of c.envFrom ?? []) {
    if (!source.configMapRef) {
      problem(`${name}: envFrom other than a ConfigMap (secrets are picked key by key)`);
      continue;
    }
    const cm = find('ConfigMap', source.configMapRef.name);
    if (cm) Object.assign(env, cm.data);
    else problem(`${name}: envFrom ConfigMap ${source.configMapRef.name} does not exist`);
  }
  for (const entry of c.env ?? []) {
    if ('value' in entry) {
      for (const ref of String(entry.value).matchAll(VAR_REF)) {
        if (!(ref[1] in env)) problem(`${name}: ${entry.name} refers to $(${ref[1]}), not defined before it`);
      }
      env[entry.name] = String(entry.value).replace(VAR_REF, (_, v) =>
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
  return env;
}

/** MONGO_URL is composed from the Secret's credentials and names the process's own database. */
function checkMongoUrl(name, url, problem) {
  if (!COMPOSED_MONGO_URL.test(url ?? ''))
    problem(`${name}: MONGO_URL does not compose to mongodb://user:password@hosts/db?options (${url})`);
  else if (!new RegExp(`/[a-z_]*${name}\\?`).test(url))
    problem(`${name}: MONGO_URL database is not its own (${url})`);
}
