'use strict';
// NetworkPolicies (k8s/README.md, Security): deny by default; the gateway accepts the Gateway API proxies,
// each service only the gateway on its own port, plus the callers SERVICE_CALLS lists; every pod reaches
// DNS and the infrastructure.
const { read } = require('./files');
const { check } = require('./report');
const { PROCS, SERVICE_CALLS } = require('./expectations');
const { selectsLabels } = require('./labels');

// Namespaces of the infrastructure (k8s/README.md, What must exist first) and their ports.
const INFRA_PORTS = [
  ['kafka', 9092],
  ['mongodb', 27017],
  ['redis', 6379],
  ['meilisearch', 7700],
];

// Prometheus's namespace (k8s/base/networkpolicies.yaml) and the named port every process serves
// /metrics on, which pulse-config.env's OTEL_EXPORTER_PROMETHEUS_PORT sets.
const MONITORING_NAMESPACE = 'monitoring';
const METRICS_PORT_NAME = 'metrics';
const metricsPort = () =>
  Number(/^OTEL_EXPORTER_PROMETHEUS_PORT=(\d+)$/m.exec(read('k8s/base/pulse-config.env'))?.[1]);

/** A rule admitting Prometheus's pods from the monitoring namespace on the metrics port, and nothing else. */
const isScrapeRule = (rule) =>
  (rule.ports ?? []).length > 0 &&
  rule.ports.every((p) => p.port === METRICS_PORT_NAME) &&
  (rule.from ?? []).length > 0 &&
  rule.from.every(
    (f) =>
      f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === MONITORING_NAMESPACE &&
      f.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'prometheus' &&
      !f.ipBlock,
  );

const allowsPort = (rule, port) => (rule.ports ?? []).some((p) => p.port === port);
const allowsPortOrRange = (rule, port) =>
  (rule.ports ?? []).some((p) => p.port === port || (p.endPort && p.port <= port && port <= p.endPort));

module.exports = function checkNetworkPolicies({ label, byKind, deployments }) {
  check(
    `${label}: NetworkPolicies (default deny, services only from the gateway on their port, DNS, infrastructure)`,
    (problem) => {
      const policies = byKind('NetworkPolicy');
      const labelsOf = (name) => deployments[name]?.spec.template.metadata.labels ?? {};
      const selects = (policy, name) => {
        const sel = policy.spec.podSelector ?? {};
        const labels = labelsOf(name);
        const okExpr = (sel.matchExpressions ?? []).every(
          (e) => e.operator === 'In' && e.values.includes(labels[e.key]),
        );
        return selectsLabels(sel.matchLabels, labels) && okExpr;
      };
      const rulesFor = (type, name) =>
        policies
          .filter((p) => p.spec.policyTypes?.includes(type) && selects(p, name))
          .flatMap((p) => p.spec[type.toLowerCase()] ?? []);

      const deny = policies.find(
        (p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress && !p.spec.egress,
      );
      if (!deny || !['Ingress', 'Egress'].every((t) => deny.spec.policyTypes.includes(t)))
        problem('no default-deny policy for Ingress and Egress');

      for (const name of Object.keys(PROCS)) {
        const port = PROCS[name].port;
        const container = deployments[name]?.spec.template.spec.containers[0];
        const declared = (container?.ports ?? []).find((p) => p.name === METRICS_PORT_NAME);
        if (declared?.containerPort !== metricsPort())
          problem(
            `${name}: no container port '${METRICS_PORT_NAME}' on ${metricsPort()} (OTEL_EXPORTER_PROMETHEUS_PORT)`,
          );
        const allIngress = rulesFor('Ingress', name);
        if (!allIngress.some(isScrapeRule))
          problem(`${name}: Prometheus may not scrape its '${METRICS_PORT_NAME}' port`);
        const ingress = allIngress.filter((rule) => !isScrapeRule(rule));
        if (name === 'gateway') {
          const fromController = (rule) =>
            allowsPort(rule, port) && (rule.from ?? []).some((f) => f.namespaceSelector);
          if (!ingress.some(fromController))
            problem("gateway: no ingress from the Gateway API implementation's namespace on its port");
          continue;
        }
        if (!ingress.length) problem(`${name}: no ingress rule`);
        const callers = ['gateway', ...SERVICE_CALLS.filter((c) => c.to === name).map((c) => c.from)];
        for (const rule of ingress) {
          if (!callers.some((caller) => fromPodsOnly(rule, labelsOf(caller))))
            problem(`${name}: accepts traffic from something other than ${callers.join(' or ')}`);
          if (!(rule.ports ?? []).length || !rule.ports.every((p) => p.port === port))
            problem(`${name}: ingress ports ${JSON.stringify(rule.ports)}, expected ${port}`);
        }
        const reach = rulesFor('Egress', 'gateway').some(
          (rule) =>
            allowsPortOrRange(rule, port) &&
            (rule.to ?? []).some((t) => t.podSelector?.matchLabels?.['app.kubernetes.io/name'] === name),
        );
        if (!reach) problem(`gateway: no egress to ${name} on ${port}`);
      }

      for (const { from, to } of SERVICE_CALLS) {
        const port = PROCS[to].port;
        const admitted = rulesFor('Ingress', to).some(
          (rule) => allowsPort(rule, port) && fromPodsOnly(rule, labelsOf(from)),
        );
        if (!admitted) problem(`${to}: no ingress from ${from} on ${port}`);
        const reaches = rulesFor('Egress', from).some(
          (rule) =>
            allowsPortOrRange(rule, port) &&
            (rule.to ?? []).some((t) => t.podSelector?.matchLabels?.['app.kubernetes.io/name'] === to),
        );
        if (!reaches) problem(`${from}: no egress to ${to} on ${port}`);
      }

      const everyone = policies.filter(
        (p) => p.spec.policyTypes?.includes('Egress') && Object.keys(PROCS).every((n) => selects(p, n)),
      );
      const egress = everyone.flatMap((p) => p.spec.egress ?? []);
      if (!egress.some((r) => allowsPort(r, 53))) problem('no DNS egress for every pod');
      for (const [infra, port] of INFRA_PORTS) {
        const toInfra = (t) => t.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === infra;
        if (!egress.some((r) => allowsPort(r, port) && (r.to ?? []).some(toInfra)))
          problem(`no egress to ${infra} on ${port} for every pod`);
      }
    },
  );
};

/** A rule that admits pods with these labels and nothing else (no namespace, no IP block). */
const fromPodsOnly = (rule, labels) =>
  (rule.from ?? []).length > 0 &&
  rule.from.every(
    (f) =>
      !f.namespaceSelector && !f.ipBlock && f.podSelector && selectsLabels(f.podSelector.matchLabels, labels),
  );
