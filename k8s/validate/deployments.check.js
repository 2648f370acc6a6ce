'use strict';
// One Deployment per process: labels and selectors, the http port, probes, resources, the restricted
// security context, a writable /tmp, and spreading over nodes.
const { check } = require('./report');
const { PROCS } = require('./expectations');
const { unmatchedLabels } = require('./labels');
const checkProbes = require('./probes.check');

const POD_LABELS = ['app.kubernetes.io/name', 'app.kubernetes.io/part-of', 'app.kubernetes.io/component'];

module.exports = function checkDeployments({ label, deployments }) {
  check(
    `${label}: one Deployment per process, with port, probes, resources and security context`,
    (problem) => {
      for (const name of Object.keys(PROCS)) if (!deployments[name]) problem(`no Deployment ${name}`);
      for (const [name, deployment] of Object.entries(deployments)) {
        if (!PROCS[name]) problem(`Deployment ${name} is no Pulse process`);
        else checkDeployment(name, deployment.spec, problem);
      }
    },
  );
};

function checkDeployment(name, spec, problem) {
  const proc = PROCS[name];
  const pod = spec.template.spec;
  const labels = spec.template.metadata?.labels ?? {};
  for (const [k, v] of unmatchedLabels(spec.selector?.matchLabels, labels))
    problem(`${name}: selector ${k}=${v} does not match the pod labels`);
  for (const key of POD_LABELS) if (!labels[key]) problem(`${name}: pod label ${key} missing`);
  if (labels['app.kubernetes.io/name'] !== name)
    problem(`${name}: app.kubernetes.io/name=${labels['app.kubernetes.io/name']}`);
  if (pod.containers.length !== 1) problem(`${name}: ${pod.containers.length} containers`);
  const c = pod.containers[0];
  if (!c.image) problem(`${name}: no image`);
  const http = (c.ports ?? []).find((p) => p.name === 'http');
  if (!http) problem(`${name}: no port named http`);
  else if (http.containerPort !== proc.port)
    problem(`${name}: containerPort ${http.containerPort}, expected ${proc.port}`);
  checkProbes(name, c, proc.port, problem);
  for (const kind of ['requests', 'limits'])
    for (const r of ['cpu', 'memory'])
      if (!c.resources?.[kind]?.[r]) problem(`${name}: resources.${kind}.${r} missing`);
  if (!Number.isInteger(pod.terminationGracePeriodSeconds))
    problem(`${name}: terminationGracePeriodSeconds missing`);
  checkSecurity(name, pod, c, problem);
  if (!(pod.topologySpreadConstraints ?? []).length) problem(`${name}: no topologySpreadConstraints`);
  for (const t of pod.topologySpreadConstraints ?? []) {
    for (const [k, v] of unmatchedLabels(t.labelSelector?.matchLabels, labels))
      problem(`${name}: topology spread selects ${k}=${v}, not its pods`);
  }
}

/** The restricted Pod Security Standard, and /tmp as the one writable path. */
function checkSecurity(name, pod, c, problem) {
  const podSc = pod.securityContext ?? {};
  const sc = c.securityContext ?? {};
  if (podSc.runAsNonRoot !== true && sc.runAsNonRoot !== true) problem(`${name}: runAsNonRoot missing`);
  if (sc.readOnlyRootFilesystem !== true) problem(`${name}: readOnlyRootFilesystem missing`);
  if (sc.allowPrivilegeEscalation !== false) problem(`${name}: allowPrivilegeEscalation not false`);
  if (!(sc.capabilities?.drop ?? []).includes('ALL')) problem(`${name}: capabilities not dropped`);
  const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
  if (!tmp || !(pod.volumes ?? []).some((v) => v.name === tmp.name && v.emptyDir))
    problem(`${name}: /tmp is not an emptyDir`);
}
