'use strict';
// The checks of one build's objects (base, or an overlay): what every object needs, then each concern.
const { check } = require('./report');
const checkDeployments = require('./deployments.check');
const checkDeploymentEnv = require('./deployment-env.check');
const checkServices = require('./services.check');
const checkNetworkPolicies = require('./network-policy.check');

const NAMESPACED = new Set([
  'Deployment',
  'Service',
  'ConfigMap',
  'Secret',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  'Ingress',
  'Gateway',
  'HTTPRoute',
  'NetworkPolicy',
  // The monitoring component's (Prometheus Operator types).
  'PodMonitor',
  'PrometheusRule',
]);

/** A ConfigMap of files for Grafana's dashboard sidecar, not variables for a process's environment. */
const isDashboard = (cm) => cm.metadata?.labels?.grafana_dashboard === '1';

module.exports = function checkManifests(label, docs, secretKeys) {
  const byKind = (kind) => docs.filter((d) => d.kind === kind);
  const find = (kind, name) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
  const deployments = Object.fromEntries(byKind('Deployment').map((d) => [d.metadata.name, d]));
  const build = { label, byKind, find, deployments, secretKeys };

  check(`${label}: every object has apiVersion, kind, metadata.name, and one namespace`, (problem) => {
    const namespaceDoc = byKind('Namespace')[0];
    const namespace = namespaceDoc?.metadata?.name;
    if (!namespaceDoc) problem('no Namespace object');
    for (const doc of docs) {
      if (!doc.apiVersion || !doc.kind || !doc.metadata?.name)
        problem(`incomplete object ${JSON.stringify(doc).slice(0, 80)}`);
      if (NAMESPACED.has(doc.kind) && doc.metadata?.namespace !== namespace)
        problem(
          `${doc.kind}/${doc.metadata?.name} in namespace ${doc.metadata?.namespace}, not ${namespace}`,
        );
      if (!NAMESPACED.has(doc.kind) && doc.kind !== 'Namespace') problem(`unexpected kind ${doc.kind}`);
    }
    for (const cm of byKind('ConfigMap').filter((c) => !isDashboard(c))) {
      for (const key of Object.keys(cm.data ?? {}))
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
          problem(`ConfigMap ${cm.metadata.name}: ${key} is not a variable name`);
    }
  });

  checkDeployments(build);
  checkDeploymentEnv(build);
  checkServices(build);
  checkNetworkPolicies(build);
};
