'use strict';
// k8s/: the kustomization, then every build (base and overlays) rendered by kustomize, each object decoded
// strictly into its Kubernetes API type (unknown fields, wrong types, unknown kinds fail), and checked.
const { check } = require('./report');
const { exists } = require('./files');
const { parseFile } = require('./load-yaml');
const { findRenderer, builds, renderDocs } = require('./render');
const { runK8sCheck } = require('./k8s-check-tool');
const checkManifests = require('./manifests.check');
const checkProductionOverlay = require('./production-overlay.check');

module.exports = function checkKustomize() {
  const render = findRenderer();
  const secretExample = parseFile('k8s/base/secret.example.yaml')[0];
  const secretKeys = new Set(Object.keys(secretExample?.stringData ?? secretExample?.data ?? {}));

  check('kustomization: secret.example.yaml is a template, not a resource', (problem) => {
    const kustomization = parseFile('k8s/base/kustomization.yaml')[0];
    const resources = kustomization.resources ?? [];
    if (resources.some((r) => r.includes('secret'))) problem('a secret is listed in resources');
    for (const r of resources) if (!exists(`k8s/base/${r}`)) problem(`resource ${r} does not exist`);
    if (secretExample?.kind !== 'Secret' || secretExample?.metadata?.name !== 'pulse-secrets')
      problem('secret.example.yaml is not the Secret pulse-secrets');
  });

  for (const [label, dir] of builds()) {
    let docs;
    try {
      docs = renderDocs(render, dir);
    } catch (error) {
      check(`${label}: renders`, (problem) => problem(String(error.stderr || error.message).trim()));
      continue;
    }
    check(`${label}: renders (${docs.length} objects)`, () => {});
    check(`${label}: every object decodes strictly into its Kubernetes API type`, (problem) => {
      try {
        runK8sCheck(['objects', dir]);
      } catch (error) {
        problem(error.message);
      }
    });
    checkManifests(label, docs, secretKeys);
    if (label === 'overlays/production') checkProductionOverlay(label, docs);
  }
};
