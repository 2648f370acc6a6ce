'use strict';
// The Dockerfile (stages, workspace manifests, runtime settings) and the .dockerignore beside it.
const { check } = require('./report');
const { read, exists } = require('./files');
const { workspaceDirs } = require('./expectations');

const FRONTENDS = ['shell', 'news', 'trending', 'tech-analysis', 'qa'];
// What the Dockerfile copies from the build context, so .dockerignore must keep it.
const NEEDED_IN_CONTEXT = [
  ...['libs', 'gateway', 'services', 'frontends'],
  ...['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts'],
  'embedded',
];

module.exports = function checkDockerfile() {
  const dockerfile = read('Dockerfile');
  const dockerignore = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  check('the deps stage copies the package.json of every workspace (and test/)', (problem) => {
    const wanted = [...workspaceDirs(), ...(exists('test/package.json') ? ['test'] : [])];
    for (const dir of wanted) {
      if (!new RegExp(`^COPY ${dir}/package\\.json ${dir}/\\s*$`, 'm').test(dockerfile))
        problem(`no COPY of ${dir}/package.json`);
    }
    if (!/^COPY package\.json package-lock\.json \.\/\s*$/m.test(dockerfile))
      problem('no COPY of package.json and package-lock.json');
    for (const match of dockerfile.matchAll(/^COPY (\S+)\/package\.json /gm)) {
      if (!exists(`${match[1]}/package.json`))
        problem(`COPY of ${match[1]}/package.json, which does not exist`);
    }
  });

  check(
    'stages: npm ci, npm ci --omit=dev, server and front-end build, node:24-bookworm-slim runtime',
    (problem) => {
      const major = read('.node-version').trim().replace(/^v/, '').split('.')[0];
      if (!new RegExp(`^ARG NODE_VERSION=${major}\\s*$`, 'm').test(dockerfile))
        problem(`ARG NODE_VERSION=${major} missing (the major of .node-version)`);
      const froms = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((m) => ({
        image: m[1],
        name: m[2],
      }));
      for (const stage of ['manifests', 'deps', 'prod-deps', 'build', 'runtime']) {
        if (!froms.some((f) => f.name === stage)) problem(`stage ${stage} missing`);
      }
      for (const f of froms) {
        if (f.image.startsWith('node:') && f.image !== 'node:${NODE_VERSION}-bookworm-slim')
          problem(`unexpected base ${f.image}`);
      }
      if (!/npm ci --no-audit/.test(dockerfile)) problem('no npm ci');
      if (!/npm ci --omit=dev/.test(dockerfile)) problem('no npm ci --omit=dev');
      if (!/^RUN node scripts\/build-server\.js\s*$/m.test(dockerfile))
        problem('the server side is not compiled');
      else if (!exists('scripts/build-server.js')) problem('scripts/build-server.js does not exist');
      if (!/bash frontends\/build-all\.sh/.test(dockerfile)) problem('front ends are not built');
      else if (!exists('frontends/build-all.sh')) problem('frontends/build-all.sh does not exist');
      for (const name of FRONTENDS) {
        if (!dockerfile.includes(`COPY --from=build /app/frontends/${name}/dist ./frontends/${name}/dist`))
          problem(`${name} dist not copied`);
        if (!exists(`frontends/${name}/package.json`)) problem(`frontends/${name} does not exist`);
      }
    },
  );

  check(
    'runtime: compiled dist/ only, ARG ENTRY, HOST=0.0.0.0, NODE_ENV=production, non-root, HEALTHCHECK /healthz, tini + exec node',
    (problem) => checkRuntimeStage(dockerfile.slice(dockerfile.indexOf(' AS runtime')), problem),
  );

  check('.dockerignore excludes generated folders and keeps what the Dockerfile copies', (problem) => {
    for (const entry of ['node_modules', '.cache', '.data', 'dist', '.git', '.nx', 'coverage']) {
      if (!dockerignore.includes(entry)) problem(`${entry} not excluded`);
    }
    for (const name of NEEDED_IN_CONTEXT) {
      if (dockerignore.includes(name)) problem(`${name} is excluded but the Dockerfile needs it`);
    }
    if (dockerignore.includes('test/*') && !dockerignore.includes('!test/package.json'))
      problem('test/package.json excluded');
  });
};

function checkRuntimeStage(runtime, problem) {
  const argEntry = /^ARG ENTRY=(\S+)/m.exec(runtime)?.[1];
  if (!argEntry) problem('ARG ENTRY missing');
  else if (!exists(argEntry)) problem(`ARG ENTRY default ${argEntry} does not exist`);
  if (!/HOST=0\.0\.0\.0/.test(runtime)) problem('HOST=0.0.0.0 not set');
  if (!/NODE_ENV=production/.test(runtime)) problem('NODE_ENV=production not set');
  const user = /^USER (\S+)/m.exec(runtime)?.[1];
  if (!user || /^0(:|$)|^root/.test(user)) problem(`USER ${user ?? '(none)'} is not a non-root user`);
  else if (!/^\d+(:\d+)?$/.test(user))
    problem(`USER ${user} is not numeric (Kubernetes runAsNonRoot cannot verify a name)`);
  if (!/^HEALTHCHECK[\s\S]*?\/healthz/m.test(runtime)) problem('HEALTHCHECK on /healthz missing');
  if (!/^EXPOSE /m.test(runtime)) problem('EXPOSE missing');
  if (!/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/m.test(runtime)) problem('tini is not the ENTRYPOINT');
  if (
    !/^CMD \["sh", "-c", "exec node --enable-source-maps \\"dist\/\$\{ENTRY%\.ts\}\.js\\""\]/m.test(runtime)
  )
    problem('CMD does not exec node on the compiled entry, dist/${ENTRY%.ts}.js');
  if (!/^COPY --from=build \/app\/dist \.\/dist\s*$/m.test(runtime)) problem('compiled dist/ not copied');
  // Compiled JavaScript only: no sources, no TypeScript runner.
  for (const dir of ['libs', 'gateway', 'services'])
    if (new RegExp(`^COPY ${dir} `, 'm').test(runtime)) problem(`TypeScript sources (${dir}/) copied`);
  if (/swc-node|tsconfig/.test(runtime.replace(/^#.*$/gm, '')))
    problem('runtime refers to swc-node or tsconfig');
}
