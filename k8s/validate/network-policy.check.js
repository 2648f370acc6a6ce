'use strict';
// NetworkPolicies (k8s/README.md, Security): deny by default; the gateway accepts the ingress controller,
// each service only the gateway on its own port; every pod reaches DNS and the infrastructure.
const { check } = require('./report');
const { PROCS } = require('./expectations');
const { selectsLabels } = require('./labels');

// Namespaces of the infrastructure (k8s/README.md, What must exist first) and their ports.
const INFRA_PORTS = [
  ['kafka', 9092],
  ['mongodb', 27017],
  ['redis', 6379],
  ['meilisearch', 7700],
];

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
        const ingress = rulesFor('Ingress', name);
        if (name === 'gateway') {
          const fromController = (rule) =>
            allowsPort(rule, port) && (rule.from ?? []).some((f) => f.namespaceSelector);
          if (!ingress.some(fromController))
            problem('gateway: no ingress from the ingress controller on its port');
          continue;
        }
        if (!ingress.length) problem(`${name}: no ingress rule`);
        for (const rule of ingress) {
          const callers = [labelsOf('gateway'), ...(READ_API_CALLERS[name] ?? []).map(labelsOf)];
          if (!fromPodsOnly(rule, callers))
            problem(`${name}: accepts traffic from something other than the gateway`);
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

/**
 * Services that call another's read API besides the gateway (DESIGN §1: only where an event cannot serve;
 * each documented where it is made): the community assistant retrieves through content's search API.
 */
const READ_API_CALLERS = { content: ['community'] };

/** A rule that admits pods with one of these label sets and nothing else (no namespace, no IP block). */
const fromPodsOnly = (rule, allowedLabels) =>
  (rule.from ?? []).length > 0 &&
  rule.from.every(
    (f) =>
      !f.namespaceSelector &&
      !f.ipBlock &&
      f.podSelector &&
      allowedLabels.some((labels) => selectsLabels(f.podSelector.matchLabels, labels)),
  );
