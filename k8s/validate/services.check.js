'use strict';
// How traffic and disruptions reach the Deployments: a Service each, a PodDisruptionBudget each, HPAs for
// the processes that scale on CPU, and one Gateway API entry (a Gateway, HTTPRoutes) to the gateway over TLS.
const { check } = require('./report');
const { PROCS } = require('./expectations');
const { selectsLabels } = require('./labels');

// Scaled by an HorizontalPodAutoscaler (k8s/README.md, Scaling); the others by `replicas`.
const AUTOSCALED = ['gateway', 'content'];

module.exports = function checkServices({ label, byKind, find, deployments }) {
  check(
    `${label}: Services, PodDisruptionBudgets, HorizontalPodAutoscalers, Gateway and HTTPRoutes`,
    (problem) => {
      for (const [name, deployment] of Object.entries(deployments)) {
        const labels = deployment.spec.template.metadata.labels;
        const matches = (selector) =>
          Object.keys(selector ?? {}).length > 0 && selectsLabels(selector, labels);
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
        if (AUTOSCALED.includes(name)) {
          const hpa = byKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef?.name === name);
          checkAutoscaler(name, hpa, problem);
          if (deployment.spec.replicas !== undefined)
            problem(`${name}: replicas set although an HPA owns the count`);
        }
      }
      if (byKind('Ingress').length)
        problem('an Ingress: the public entry is the Gateway API (public-gateway.yaml)');
      checkPublicEntry(byKind('Gateway'), byKind('HTTPRoute'), find, problem);
    },
  );
};

function checkAutoscaler(name, hpa, problem) {
  if (!hpa) return problem(`no HorizontalPodAutoscaler for ${name}`);
  if (hpa.spec.scaleTargetRef.kind !== 'Deployment') problem(`HPA ${name} does not target a Deployment`);
  if (!(hpa.spec.metrics ?? []).some((m) => m.resource?.name === 'cpu'))
    problem(`HPA ${name} has no CPU metric`);
  if (!(hpa.spec.minReplicas <= hpa.spec.maxReplicas))
    problem(`HPA ${name}: min ${hpa.spec.minReplicas} > max ${hpa.spec.maxReplicas}`);
}

/**
 * One Gateway with an HTTPS listener (TLS from a Secret) and an HTTP one; every route attached to it; the
 * HTTPS route sends everything to the gateway Service's port; the HTTP route only redirects to HTTPS; every
 * route's host is its listener's.
 */
function checkPublicEntry(gateways, routes, find, problem) {
  if (gateways.length !== 1) return problem(`${gateways.length} Gateway objects, expected one`);
  const [gateway] = gateways;
  const listener = (name) => gateway.spec.listeners.find((l) => l.name === name);
  const https = listener('https');
  const http = listener('http');
  if (https?.protocol !== 'HTTPS' || https.port !== 443) problem('Gateway: no HTTPS listener on 443');
  if (!https?.tls?.certificateRefs?.some((ref) => ref.name && (ref.kind ?? 'Secret') === 'Secret'))
    problem('Gateway: the HTTPS listener has no TLS certificate Secret');
  if (http && (http.protocol !== 'HTTP' || http.port !== 80))
    problem('Gateway: the http listener is not HTTP on 80');
  const gatewayService = find('Service', 'gateway');
  let servesSite = false;
  for (const route of routes) {
    const name = `HTTPRoute ${route.metadata.name}`;
    const parents = route.spec.parentRefs ?? [];
    if (!parents.length || parents.some((ref) => ref.name !== gateway.metadata.name))
      problem(`${name} is not attached to the Gateway ${gateway.metadata.name}`);
    for (const ref of parents) {
      const attached = listener(ref.sectionName);
      if (!attached) {
        problem(`${name}: no listener ${ref.sectionName}`);
        continue;
      }
      for (const host of route.spec.hostnames ?? [])
        if (host !== attached.hostname)
          problem(`${name}: host ${host}, but its listener serves ${attached.hostname}`);
      for (const rule of route.spec.rules ?? []) {
        if (attached === https) {
          for (const backend of rule.backendRefs ?? []) {
            if (backend.name !== 'gateway') problem(`${name} routes to ${backend.name}, not the gateway`);
            else if (!gatewayService?.spec.ports.some((port) => port.port === backend.port))
              problem(`${name}: port ${backend.port} is not on the gateway Service`);
            else servesSite = true;
          }
        } else if (
          rule.backendRefs?.length ||
          !rule.filters?.some((f) => f.type === 'RequestRedirect' && f.requestRedirect?.scheme === 'https')
        )
          problem(`${name}: plain HTTP must only redirect to https`);
      }
    }
  }
  if (!servesSite) problem('no HTTPRoute sends the HTTPS listener to the gateway Service');
}
