import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const swaggerUi = require('swagger-ui-dist') as { getAbsoluteFSPath(): string };
const SWAGGER_UI_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;

/** The merged document as JSON whatever the request accepts: the viewer loads it from here. */
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';
/** The viewer's files; the version in the path lets browsers keep them until an upgrade renames them. */
export const VIEWER_ASSETS_PATH = `/api/docs/assets/${SWAGGER_UI_VERSION}`;

/**
 * Starts Swagger UI on the page's #swagger-ui, reading the document's URL from the element. A file of
 * its own because the site's CSP runs no inline script. No validator badge (it would load an image from
 * validator.swagger.io) and the base layout (no top bar inviting any other document's URL).
 */
const VIEWER_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    layout: 'BaseLayout',
  });
})();
`;

interface Asset {
  contentType: string;
  body: Buffer;
  gzipped?: Buffer;
}

const fromPackage = (file: string) => readFileSync(path.join(swaggerUi.getAbsoluteFSPath(), file));

/** Read and compressed on first request (the bundle is 1.7 MB, a sixth of that gzipped), then kept. */
const ASSET_SOURCES: Record<string, () => Omit<Asset, 'gzipped'>> = {
  'swagger-ui-bundle.js': () => ({
    contentType: 'text/javascript; charset=utf-8',
    body: fromPackage('swagger-ui-bundle.js'),
  }),
  'swagger-ui.css': () => ({ contentType: 'text/css; charset=utf-8', body: fromPackage('swagger-ui.css') }),
  'viewer.js': () => ({ contentType: 'text/javascript; charset=utf-8', body: Buffer.from(VIEWER_SCRIPT) }),
};
const loaded = new Map<string, Asset>();

function asset(name: string): Asset | undefined {
  const source = ASSET_SOURCES[name];
  if (!source) return undefined;
  let found = loaded.get(name);
  if (!found) {
    const read = source();
    found = { ...read, gzipped: gzipSync(read.body) };
    loaded.set(name, found);
  }
  return found;
}

function acceptsGzip(request: FastifyRequest): boolean {
  return String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => {
      const [name, q] = part.trim().split(';');
      return name.trim().toLowerCase() === 'gzip' && !/^q=0(\.0*)?$/.test(q?.trim() ?? '');
    });
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, found: Asset) {
  const gzip = acceptsGzip(request) && found.gzipped;
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply
    .header('content-type', found.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('vary', 'accept-encoding')
    .send(gzip || found.body);
}

/**
 * The interactive reference: Swagger UI from the swagger-ui-dist package, every file from this origin
 * (no CDN), so the site-wide CSP (script-src 'self', no inline script or style) holds on this page too.
 */
export function renderDocsViewer(): string {
  return [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="robots" content="noindex">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Pulse API 문서</title>',
    `<link rel="stylesheet" href="${VIEWER_ASSETS_PATH}/swagger-ui.css"></head><body>`,
    '<noscript><p>이 문서는 JavaScript로 표시됩니다. 기계가 읽는 OpenAPI 3.1 문서: ',
    `<a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a></p></noscript>`,
    `<div id="swagger-ui" data-spec-url="${OPENAPI_JSON_PATH}"></div>`,
    `<script src="${VIEWER_ASSETS_PATH}/swagger-ui-bundle.js"></script>`,
    `<script src="${VIEWER_ASSETS_PATH}/viewer.js"></script>`,
    '</body></html>',
  ].join('');
}

/** GET {VIEWER_ASSETS_PATH}/<file>: only the viewer's own files, never a path into the package. */
export function registerDocsViewerAssets(fastify: FastifyInstance): void {
  fastify.get(`${VIEWER_ASSETS_PATH}/:file`, async (request, reply) => {
    const found = asset((request.params as { file: string }).file);
    if (!found)
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: '파일을 찾을 수 없습니다.' });
    return sendAsset(request, reply, found);
  });
}

/** q-value of a media range in an Accept header (0 when absent). */
function quality(accept: string, range: string): number {
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().split(';');
    if (type.trim().toLowerCase() !== range) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q ? Number(q.slice(2)) || 0 : 1;
  }
  return 0;
}

/**
 * A browser opening /api/docs names text/html first; a script's fetch or curl sends *\/* or
 * application/json and keeps getting the document itself.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  const json = Math.max(quality(accept, 'application/json'), quality(accept, '*/*'));
  return html > json;
}
