'use strict';
// The objects of k8s/base and each overlay, rendered by kustomize (as a library, in the Go program of
// k8s/check, built on first use; the same engine as `kubectl kustomize`).
const path = require('node:path');
const { ROOT, list } = require('./files');
const { parseDocs } = require('./load-yaml');
const { runK8sCheck } = require('./k8s-check-tool');

/** dir → rendered YAML text. */
function findRenderer() {
  return (dir) => runK8sCheck(['render', dir]);
}

/** [label, dir] of the base and every overlay. */
const builds = () => [
  ['base', 'k8s/base'],
  ...list('k8s/overlays').map((overlay) => [`overlays/${overlay}`, `k8s/overlays/${overlay}`]),
];

const renderDocs = (render, dir) => parseDocs(render(path.join(ROOT, dir)));

module.exports = { findRenderer, builds, renderDocs };
