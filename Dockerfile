# syntax=docker/dockerfile:1
#
# One image per Pulse process (the 'containers' and 'Kubernetes' modes, README.md 'Modes'). All processes
# share the same layers; only ENTRY and PORT differ:
#
#   docker build -t pulse/gateway .                                        # ENTRY defaults to the gateway
#   docker build -t pulse/content --build-arg ENTRY=services/content/src/main.ts --build-arg PORT=3101 .
#
# ENTRY and PORT are also plain environment variables of the image, so one image can run any process
# (k8s/ does that: one image, ENTRY and PORT set per Deployment).
#
# Node 24 LTS, the official image: the same major as .node-version, which `npm start` and `npm test` fetch
# on a development machine (scripts/use-node.sh). The image is pinned to the major only, so a rebuild
# picks up Node's security releases.
#
# Production runs compiled JavaScript: the build stage compiles the server side with SWC
# (scripts/build-server.js: sources → dist/, same tree, @pulse/* imports made relative), and the runtime
# image holds dist/ and the runtime dependencies only — no TypeScript sources, no TypeScript compiler, no
# @swc-node/register (they are devDependencies, left out by `npm ci --omit=dev`).

ARG NODE_VERSION=24

# ---------------------------------------------------------------------------------------------------------
# manifests: package.json of every npm workspace plus the lockfile. Copied one by one (a COPY glob would
# flatten the folders); k8s/validate.js checks that this list matches the workspaces on disk.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY libs/testing/package.json libs/testing/
COPY gateway/package.json gateway/
COPY services/content/package.json services/content/
COPY services/ingestion/package.json services/ingestion/
COPY services/translation/package.json services/translation/
COPY services/trending/package.json services/trending/
COPY services/newsroom/package.json services/newsroom/
COPY services/community/package.json services/community/
COPY services/newsletter/package.json services/newsletter/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/news/package.json frontends/news/
COPY frontends/trending/package.json frontends/trending/
COPY frontends/tech-analysis/package.json frontends/tech-analysis/
COPY frontends/qa/package.json frontends/qa/
COPY frontends/ui/package.json frontends/ui/
COPY embedded/package.json embedded/
COPY test/package.json test/
COPY bench/package.json bench/

# ---------------------------------------------------------------------------------------------------------
# deps: every dependency, dev ones included (rspack and module federation build the front ends).
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------------
# prod-deps: runtime dependencies only, with the workspace links (node_modules/@pulse/* → ../../<dir>).
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------------
# build: the server side into dist/ (JavaScript, with source maps), and the shell and the four remotes
# into frontends/<name>/dist (production mode).
FROM deps AS build
ENV NODE_ENV=production
COPY . .
RUN node scripts/build-server.js
RUN bash frontends/build-all.sh --force

# ---------------------------------------------------------------------------------------------------------
# runtime
FROM node:${NODE_VERSION}-bookworm-slim AS runtime

# tini as PID 1: forwards SIGTERM to node (graceful shutdown) and reaps zombies; keeps node's exit code
# (78 on invalid configuration).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Code and dependencies stay owned by root and read-only to the process; it writes only under /tmp
# (Kubernetes mounts an emptyDir there and sets readOnlyRootFilesystem).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY --from=prod-deps /app/frontends ./frontends
COPY --from=build /app/frontends/shell/dist ./frontends/shell/dist
COPY --from=build /app/frontends/news/dist ./frontends/news/dist
COPY --from=build /app/frontends/trending/dist ./frontends/trending/dist
COPY --from=build /app/frontends/tech-analysis/dist ./frontends/tech-analysis/dist
COPY --from=build /app/frontends/qa/dist ./frontends/qa/dist

# Which process this image runs, and its port (gateway 3000, content 3101 … newsletter 3106). ENTRY names
# the process by its source file, as compose and k8s/ do; the image runs its compiled counterpart,
# dist/<ENTRY without .ts>.js (gateway/src/main.ts → dist/gateway/src/main.js).
ARG ENTRY=gateway/src/main.ts
ARG PORT=3000

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    ENTRY=${ENTRY} \
    PORT=${PORT} \
    LOG_PRETTY=false \
    PULSE_DATA_DIR=/tmp/pulse-data \
    FRONTENDS_DIR=/app/frontends

# The 'node' user of the base image, numerically, so Kubernetes runAsNonRoot can verify it.
USER 1000:1000

EXPOSE ${PORT}

# Liveness only (the process answers); readiness (/readyz: every adapter answers) is checked by compose
# and Kubernetes, which know the dependencies.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--"]
# exec: node replaces sh, so tini's child is node itself and receives SIGTERM directly. Source maps make
# stack traces name the TypeScript lines.
CMD ["sh", "-c", "exec node --enable-source-maps \"dist/${ENTRY%.ts}.js\""]
