'use strict';
// How traffic and disruptions reach the Deployments: a Service each, a PodDisruptionBudget each, HPAs for
// the processes that scale on CPU, and one Ingress to the gateway over TLS.
const { check } = require('./report');
const { PROCS } = require('./expectations');
const { selectsLabels } = require('./labels');

// Scaled by an HorizontalPodAutoscaler (k8s/README.md, Scaling); the others by `replicas`.
const AUTOSCALED = ['gateway', 'content'];

module.exports = function checkServices({ label, byKind, find, deployments }) {
  check(`${label}: Services, PodDisruptionBudgets, HorizontalPodAutoscalers, Ingress`, (problem) => {
    for (const [name, deployment] of Object.entries(deployments)) {
      const labels = deployment.spec.template.metadata.labels;
      const matches = (selector) => Object.keys(selector ?? {}).length > 0 && selectsLabels(selector, labels);
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
    const ingresses = byKind('Ingress');
    if (ingresses.length !== 1) problem(`${ingresses.length} Ingress objects`);
    for (const ingress of ingresses) checkIngress(ingress, find, problem);
  });
};

function checkAutoscaler(name, hpa, problem) {
  if (!hpa) return problem(`no HorizontalPodAutoscaler for ${name}`);
  if (hpa.spec.scaleTargetRef.kind !== 'Deployment') problem(`HPA ${name} does not target a Deployment`);
  if (!(hpa.spec.metrics ?? []).some((m) => m.resource?.name === 'cpu'))
    problem(`HPA ${name} has no CPU metric`);
  if (!(hpa.spec.minReplicas <= hpa.spec.maxReplicas))
    problem(`HPA ${name}: min ${hpa.spec.minReplicas} > max ${hpa.spec.maxReplicas}`);
}

function checkIngress(ingress, find, problem) {
  if (ingress.spec.ingressClassName !== 'nginx') problem(`Ingress class ${ingress.spec.ingressClassName}`);
  if (!ingress.spec.tls?.[0]?.secretName) problem('Ingress without a TLS secret');
  for (const rule of ingress.spec.rules ?? []) {
    if (!(ingress.spec.tls?.[0]?.hosts ?? []).includes(rule.host))
      problem(`TLS does not cover host ${rule.host}`);
    for (const p of rule.http?.paths ?? []) {
      const backend = p.backend?.service;
      const svc = find('Service', backend?.name);
      if (backend?.name !== 'gateway')
        problem(`Ingress routes ${p.path} to ${backend?.name}, not the gateway`);
      else if (
        !svc?.spec.ports.some((sp) => sp.name === backend.port?.name || sp.port === backend.port?.number)
      )
        problem('Ingress backend port not on the gateway Service');
    }
  }
}
