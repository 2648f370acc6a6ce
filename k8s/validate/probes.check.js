'use strict';
// Probes (k8s/README.md, Probes): startup and liveness on /healthz (the process answers), readiness on
// /readyz (its adapters answer), all on the container's http port.

/** Checks the three probes of a process's container; port is the port the process listens on. */
module.exports = function checkProbes(name, container, port, problem) {
  const probe = (kind, wantedPaths) => {
    const p = container[kind];
    if (!p?.httpGet) return problem(`${name}: no ${kind}`);
    if (!wantedPaths.includes(p.httpGet.path))
      problem(`${name}: ${kind} on ${p.httpGet.path}, expected ${wantedPaths.join(' or ')}`);
    if (p.httpGet.port !== 'http' && p.httpGet.port !== port)
      problem(`${name}: ${kind} on port ${p.httpGet.port}`);
  };
  probe('startupProbe', ['/healthz']);
  probe('livenessProbe', ['/healthz']);
  // The gateway's /readyz aggregates every service; see the comment in k8s/base/gateway.yaml.
  probe('readinessProbe', name === 'gateway' ? ['/readyz', '/healthz'] : ['/readyz']);
};
