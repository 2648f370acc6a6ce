import type { OpenApiDocument, OpenApiOperation } from '@pulse/platform';
import { escapeHtml } from '../documents/text';

const describeParameters = (operation: OpenApiOperation) =>
  operation.parameters
    .map((parameter) => `${parameter.name}${parameter.required ? '' : '?'} (${parameter.in})`)
    .join(', ');

/**
 * /api/docs.html: the merged document as a plain table, readable in any browser with no script at all
 * (the site's CSP allows none inline and the docs need no third-party viewer).
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) =>
        `<tr><td>${escapeHtml(operation!['x-service'])}</td><td><code>${method.toUpperCase()}</code></td>` +
        `<td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation!.operationId)}</td>` +
        `<td>${escapeHtml(describeParameters(operation!))}</td>` +
        `<td>${operation!.requestBody ? 'JSON' : ''}</td><td>${escapeHtml(operation!['x-origin'])}</td></tr>`,
    ),
  );
  const unavailable = (document['x-unavailable-services'] as Array<{ service: string }> | undefined) ?? [];
  return [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="robots" content="noindex">',
    '<title>Pulse API 문서</title></head><body><h1>Pulse API</h1>',
    '<p>기계가 읽는 OpenAPI 3.1 문서: <a href="/api/docs">/api/docs</a></p>',
    unavailable.length
      ? `<p>불러오지 못한 서비스: ${escapeHtml(unavailable.map((entry) => entry.service).join(', '))}</p>`
      : '',
    '<table><thead><tr><th>서비스</th><th>메서드</th><th>경로</th><th>operationId</th><th>매개변수</th>',
    '<th>본문</th><th>출처</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></body></html>',
  ].join('');
}
