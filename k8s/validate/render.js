'use strict';
// The objects of k8s/base and each overlay: rendered with `kubectl kustomize` (or `kustomize build`) when
// either is installed; without them, the base files as they are.
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { ROOT, read, list } = require('./files');
const { parseDocs, parseFile } = require('./load-yaml');

/** dir → rendered YAML text, or null when neither kubectl nor kustomize is installed. */
function findRenderer() {
  const tries = [
    ['kubectl', ['kustomize']],
    ['kustomize', ['build']],
  ];
  for (const [cmd, args] of tries) {
    const probe = spawnSync(cmd, [...args, '--help'], { encoding: 'utf8' });
    if (probe.status === 0)
      return (dir) =>
        execFileSync(cmd, [...args, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
  return null;
}

/** [label, dir] of the base and every overlay. */
const builds = () => [
  ['base', 'k8s/base'],
  ...list('k8s/overlays').map((overlay) => [`overlays/${overlay}`, `k8s/overlays/${overlay}`]),
];

const renderDocs = (render, dir) => parseDocs(render(path.join(ROOT, dir)));

/** Base files as they are, for when no renderer is installed (ConfigMaps come from the .env files). */
function rawBase() {
  const kustomization = parseFile('k8s/base/kustomization.yaml')[0];
  const docs = kustomization.resources.flatMap((r) => parseFile(`k8s/base/${r}`));
  for (const generator of kustomization.configMapGenerator ?? []) {
    const data = {};
    for (const file of generator.envs ?? []) {
      for (const line of read(`k8s/base/${file}`).split('\n')) {
        const m = /^([^#=\s][^=]*)=(.*)$/.exec(line);
        if (m) data[m[1]] = m[2];
      }
    }
    docs.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const doc of docs)
    if (doc.metadata && !doc.metadata.namespace && doc.kind !== 'Namespace')
      doc.metadata.namespace = kustomization.namespace;
  return docs;
}

module.exports = { findRenderer, builds, renderDocs, rawBase };
