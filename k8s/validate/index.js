'use strict';
// Offline checks of the deployment files: Dockerfile, .dockerignore, docker-compose.yml, .env.example and
// k8s/ (base and every overlay). No Docker engine or cluster is needed; this is what can be verified
// without one. Facts are read from the code, not repeated here (expectations.js).
//
//   node k8s/validate.js          # exit 0 when every check passes
//
// The base and every overlay are rendered by kustomize and decoded strictly into the Kubernetes API types,
// and the compose file is loaded by compose-go, through the Go program in k8s/check (k8s-check-tool.js).
const { section, warn, finish } = require('./report');
const { undeclaredVariables } = require('./expectations');

const SECTIONS = [
  ['Repository', require('./repository.check')],
  ['Dockerfile and .dockerignore', require('./dockerfile.check')],
  ['docker-compose.yml and .env.example', require('./compose.check')],
  ['Kubernetes', require('./kustomize.check')],
];

for (const message of undeclaredVariables()) warn(message);
for (const [title, run] of SECTIONS) {
  section(title);
  run();
}
process.exit(finish());
