'use strict';
// What only production must have: a pinned image, remotes served from a CDN over https, the LLM on.
const { check } = require('./report');

const REMOTE_VARS = ['REMOTE_NEWS_URL', 'REMOTE_TRENDING_URL', 'REMOTE_TECH_ANALYSIS_URL', 'REMOTE_QA_URL'];

module.exports = function checkProductionOverlay(label, docs) {
  // Generated ConfigMaps carry a hash suffix in their names.
  const configMap = (prefix) =>
    docs.find((x) => x.kind === 'ConfigMap' && x.metadata.name.startsWith(prefix));

  check(`${label}: pinned image tag, remotes on https, LLM on`, (problem) => {
    for (const d of docs.filter((x) => x.kind === 'Deployment')) {
      const image = d.spec.template.spec.containers[0].image;
      if (!/:[^/]+$/.test(image) || image.endsWith(':latest'))
        problem(`${d.metadata.name}: image ${image} not pinned`);
    }
    const gatewayConfig = configMap('gateway-config');
    for (const key of REMOTE_VARS) {
      const value = gatewayConfig?.data?.[key] ?? '';
      if (!/^https:\/\/.+\/mf-manifest\.json$/.test(value)) problem(`${key}=${value}`);
    }
    const shared = configMap('pulse-config');
    if (shared?.data?.LLM_BASE_URL && !shared.data.LLM_MODEL)
      problem('LLM_BASE_URL without LLM_MODEL (the process would exit 78)');
  });
};
