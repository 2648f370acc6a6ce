'use strict';
// One judgement of a process's environment, shared by docker-compose.yml and the Kubernetes Deployments.
const {
  PROCS,
  ADMIN_SERVICES,
  ADMIN_NEEDS,
  KNOWN_VARS,
  PORT_NEEDS,
  EVERY_PROCESS_NEEDS,
  UPSTREAM_VARS,
} = require('./expectations');

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
  if (name === 'gateway') checkUpstreams(env, problem);
  // The gateway signs staff assertions; each service with admin routes checks them and the admin token.
  if (name === 'gateway' || ADMIN_SERVICES.includes(name)) {
    for (const [variable, secretKey] of Object.entries(ADMIN_NEEDS)) {
      if (!(variable in env)) problem(`${name}: ${variable} missing (it has admin routes)`);
      else if (
        env[variable] !== undefined &&
        env[variable] !== `<secret:${secretKey}>` &&
        !String(env[variable]).startsWith(`\${${variable}`)
      )
        problem(`${name}: ${variable} is not taken from the Secret's ${secretKey} or from .env`);
    }
  }
  for (const variable of Object.keys(env)) {
    if (!KNOWN_VARS.has(variable))
      problem(`${name}: unknown variable ${variable} (typo, or not declared by any schema)`);
  }
}

/** The gateway reaches each service by its name, on the port the service listens on. */
function checkUpstreams(env, problem) {
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

module.exports = { checkProcessEnv };
