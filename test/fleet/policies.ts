import type { LabelSelector, Labels, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyRule } from './manifests';

/** Anything with an address on the bridge that a NetworkPolicy can select or name as a peer. */
export interface PolicyEndpoint {
  namespace: string;
  labels: Labels;
  address: string;
  /** Named container ports (a policy may name a port instead of numbering it). */
  namedPorts: Record<string, number>;
}

export function selects(selector: LabelSelector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const namespaceLabels = (namespace: string): Labels => ({ 'kubernetes.io/metadata.name': namespace });
const policyTypes = (policy: NetworkPolicy): string[] =>
  policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? ['Egress'] : [])];

/** The endpoints a peer names; a peer without namespaceSelector means the policy's own namespace. */
function peerEndpoints(
  peer: NetworkPolicyPeer,
  policyNamespace: string,
  world: PolicyEndpoint[],
): PolicyEndpoint[] {
  return world.filter((endpoint) => {
    const inNamespace = peer.namespaceSelector
      ? selects(peer.namespaceSelector, namespaceLabels(endpoint.namespace))
      : endpoint.namespace === policyNamespace;
    return inNamespace && (!peer.podSelector || selects(peer.podSelector, endpoint.labels));
  });
}

const family = (cidr: string): string => (cidr.includes(':') ? 'ip6' : 'ip');
const set = (items: string[]): string => (items.length === 1 ? items[0] : `{ ${items.join(', ')} }`);

/**
 * nft matches of one rule: each line is "<address match> <port match>", for `direction` saddr (ingress,
 * the peers are sources) or daddr (egress). A named port is looked up on the pod that owns it: the pod
 * itself for ingress, each destination for egress.
 */
function ruleMatches(
  rule: NetworkPolicyRule,
  direction: 'saddr' | 'daddr',
  policyNamespace: string,
  self: PolicyEndpoint,
  world: PolicyEndpoint[],
): string[] {
  const peers = (direction === 'saddr' ? rule.from : rule.to) ?? [];
  const ports = rule.ports ?? [];
  const portMatch = (
    port: { port?: number | string; protocol?: string },
    owner: PolicyEndpoint,
  ): string | null => {
    const protocol = (port.protocol ?? 'TCP').toLowerCase();
    if (port.port === undefined) return `meta l4proto ${protocol}`;
    const number = typeof port.port === 'number' ? port.port : owner.namedPorts[port.port];
    return number === undefined ? null : `${protocol} dport ${number}`;
  };
  const lines: string[] = [];
  const emit = (addressMatch: string, owner: PolicyEndpoint | null) => {
    if (ports.length === 0) lines.push(addressMatch);
    for (const port of ports) {
      const match = portMatch(port, owner ?? self);
      if (match) lines.push(`${addressMatch} ${match}`.trim());
    }
  };
  if (peers.length === 0) {
    emit('', null);
    return lines;
  }
  for (const peer of peers) {
    if (peer.ipBlock) {
      const { cidr, except = [] } = peer.ipBlock;
      const f = family(cidr);
      const excepted = except.filter((block) => family(block) === f);
      emit(
        `${f} ${direction} ${cidr}${excepted.length ? ` ${f} ${direction} != ${set(excepted)}` : ''}`,
        null,
      );
      continue;
    }
    for (const endpoint of peerEndpoints(peer, policyNamespace, world))
      emit(`ip ${direction} ${endpoint.address}`, direction === 'daddr' ? endpoint : null);
  }
  return lines;
}

export interface PodRules {
  /** The nftables script for the pod's namespace (replaces the previous one whole). */
  script: string;
  /** Accept rules written (the policies as enforced on this pod). */
  acceptRules: number;
  isolated: { ingress: boolean; egress: boolean };
}

/**
 * The pod's side of every NetworkPolicy that selects it, as the CNI enforces them: a pod selected by an
 * Ingress (Egress) policy takes only what some such policy allows, in (out); replies to an allowed
 * connection pass (conntrack), and the node may always reach its pods (the kubelet's probes).
 * `serviceRedirects` maps Service ports onto the target ports (kube-proxy's DNAT; the policies see the
 * pod's own port, as in a cluster).
 */
export function podRules(
  self: PolicyEndpoint,
  policies: NetworkPolicy[],
  world: PolicyEndpoint[],
  nodeAddress: string,
  serviceRedirects: { port: number; targetPort: number }[],
): PodRules {
  const selecting = policies.filter((policy) => selects(policy.spec.podSelector, self.labels));
  const ingressPolicies = selecting.filter((policy) => policyTypes(policy).includes('Ingress'));
  const egressPolicies = selecting.filter((policy) => policyTypes(policy).includes('Egress'));
  const accepts = (list: NetworkPolicy[], key: 'ingress' | 'egress', direction: 'saddr' | 'daddr') =>
    list.flatMap((policy) =>
      (policy.spec[key] ?? []).flatMap((rule) =>
        ruleMatches(rule, direction, self.namespace, self, world).map((match) => `${match} accept`.trim()),
      ),
    );
  const inputAccepts = accepts(ingressPolicies, 'ingress', 'saddr');
  const outputAccepts = accepts(egressPolicies, 'egress', 'daddr');
  const redirects = serviceRedirects
    .filter(({ port, targetPort }) => port !== targetPort)
    .map(({ port, targetPort }) => `    tcp dport ${port} redirect to :${targetPort}`);
  const script = [
    'table inet fleet',
    'delete table inet fleet',
    'table inet fleet {',
    '  chain prerouting {',
    '    type nat hook prerouting priority dstnat; policy accept;',
    ...redirects,
    '  }',
    '  chain input {',
    `    type filter hook input priority filter; policy ${ingressPolicies.length ? 'drop' : 'accept'};`,
    '    iif "lo" accept',
    '    ct state established,related accept',
    `    ip saddr ${nodeAddress} accept`,
    ...inputAccepts.map((line) => `    ${line}`),
    '  }',
    '  chain output {',
    `    type filter hook output priority filter; policy ${egressPolicies.length ? 'drop' : 'accept'};`,
    '    oif "lo" accept',
    '    ct state established,related accept',
    ...outputAccepts.map((line) => `    ${line}`),
    '  }',
    '}',
    '',
  ].join('\n');
  return {
    script,
    acceptRules: inputAccepts.length + outputAccepts.length,
    isolated: { ingress: ingressPolicies.length > 0, egress: egressPolicies.length > 0 },
  };
}
