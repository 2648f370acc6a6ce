import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes';

/** The objects the fleet reads, in the Kubernetes API's shape (only the fields the harness uses). */
export interface Labels {
  [key: string]: string;
}
export interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}
export interface Probe {
  httpGet?: { path: string; port: number | string };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
  successThreshold?: number;
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string };
  };
}
export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  volumeMounts?: { name: string; mountPath: string }[];
}
export interface Deployment {
  kind: 'Deployment';
  metadata: { name: string; labels?: Labels };
  spec: {
    replicas?: number;
    selector: LabelSelector;
    strategy?: {
      type?: string;
      rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string };
    };
    template: {
      metadata: { labels: Labels };
      spec: {
        containers: Container[];
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsUser?: number; runAsGroup?: number };
        volumes?: { name: string; emptyDir?: object }[];
      };
    };
  };
}
export interface Service {
  kind: 'Service';
  metadata: { name: string };
  spec: {
    selector: Labels;
    ports: { name?: string; port: number; targetPort?: number | string; protocol?: string }[];
  };
}
export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface NetworkPolicyRule {
  from?: NetworkPolicyPeer[];
  to?: NetworkPolicyPeer[];
  ports?: { port?: number | string; protocol?: string }[];
}
export interface NetworkPolicy {
  kind: 'NetworkPolicy';
  metadata: { name: string };
  spec: {
    podSelector: LabelSelector;
    policyTypes?: ('Ingress' | 'Egress')[];
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
  };
}
interface KeyValues {
  kind: 'ConfigMap' | 'Secret';
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Autoscaler {
  kind: 'HorizontalPodAutoscaler';
  spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number };
}

/** What one overlay renders to, with the Secret the overlays expect to exist beside it. */
export interface RenderedOverlay {
  namespace: string;
  deployments: Deployment[];
  services: Service[];
  networkPolicies: NetworkPolicy[];
  configMaps: Map<string, Record<string, string>>;
  secrets: Map<string, Record<string, string>>;
  /** Pods a Deployment runs once its autoscaler (if any) has acted: max(replicas ?? 1, minReplicas). */
  replicasOf(deployment: string): number;
}

// k8s/validate is plain CommonJS beside the manifests (no project of its own): loaded by path.
const requireFromRepo = createRequire(path.join(REPO_ROOT, 'package.json'));
const render = requireFromRepo('./k8s/validate/render.js') as {
  findRenderer(): (dir: string) => string;
  renderDocs(
    render: (dir: string) => string,
    dir: string,
  ): { kind: string; metadata: { name: string; namespace?: string } }[];
};
const loadYaml = requireFromRepo('./k8s/validate/load-yaml.js') as { parseFile(file: string): KeyValues[] };

/** Renders `dir` (e.g. k8s/overlays/production) with kustomize, as `kubectl apply -k` would. */
export function renderOverlay(dir: string): RenderedOverlay {
  const docs = render.renderDocs(render.findRenderer(), dir);
  const ofKind = <T>(kind: string): T[] => docs.filter((doc) => doc.kind === kind) as unknown as T[];
  const namespace = docs.find((doc) => doc.kind === 'Namespace')?.metadata.name ?? 'default';
  const configMaps = new Map(
    ofKind<KeyValues>('ConfigMap').map((map) => [map.metadata.name, { ...map.data }]),
  );
  const autoscalers = ofKind<Autoscaler>('HorizontalPodAutoscaler');
  const deployments = ofKind<Deployment>('Deployment');
  return {
    namespace,
    deployments,
    services: ofKind<Service>('Service'),
    networkPolicies: ofKind<NetworkPolicy>('NetworkPolicy'),
    configMaps,
    secrets: exampleSecrets(),
    replicasOf(name) {
      const deployment = deployments.find((candidate) => candidate.metadata.name === name);
      if (!deployment) throw new Error(`no Deployment ${name}`);
      const scaler = autoscalers.find(
        (hpa) => hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === name,
      );
      return Math.max(deployment.spec.replicas ?? 1, scaler?.spec.minReplicas ?? 0);
    },
  };
}

/**
 * The Secrets an operator creates by hand (k8s/base/secret.example.yaml, never applied by kustomize), with
 * test values: every CHANGE-ME placeholder becomes 48 random hex characters (URL-safe, longer than the
 * 16 and 32 characters the services ask of their keys), so nothing passes on the example's own words.
 */
export function exampleSecrets(): Map<string, Record<string, string>> {
  const secrets = new Map<string, Record<string, string>>();
  for (const doc of loadYaml.parseFile('k8s/base/secret.example.yaml')) {
    if (doc.kind !== 'Secret') continue;
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(doc.data ?? {}))
      values[key] = Buffer.from(value, 'base64').toString('utf8');
    for (const [key, value] of Object.entries(doc.stringData ?? {}))
      values[key] = value.replace(/CHANGE-ME[\w-]*/g, () => randomBytes(24).toString('hex'));
    secrets.set(doc.metadata.name, values);
  }
  return secrets;
}
