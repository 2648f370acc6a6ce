import type { OpenApiDocument } from '@pulse/platform';

/**
 * Why a service's document could not be fetched, in words fit for the public page: never the error's own
 * message, which names internal addresses (the detail goes to the gateway's log).
 */
export type UnavailableReason = 'unreachable' | 'timed out' | 'bad document' | `answered ${number}`;

export interface ServiceDocument {
  service: string;
  document?: OpenApiDocument;
  error?: UnavailableReason;
}

/**
 * The union of the services' documents (docs/design.md §7): their paths side by side (each service owns its
 * prefixes, so paths never collide), one tag per service, shared components. A service whose document
 * could not be fetched is listed in x-unavailable-services rather than failing the whole page.
 */
export function mergeOpenApi(documents: readonly ServiceDocument[], siteUrl: string): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Pulse API',
      version: '1',
      description:
        "Every service's public calls, merged by the gateway. x-origin says whether a path comes from a seed's §7 table or was chosen where the seed says 'not shown'.",
    },
    servers: [{ url: siteUrl }],
    tags: [],
    paths: {},
    components: { schemas: {} },
  };
  const unavailable: Array<{ service: string; reason: UnavailableReason | 'no document' }> = [];
  for (const { service, document, error } of documents) {
    if (!document) {
      unavailable.push({ service, reason: error ?? 'no document' });
      continue;
    }
    merged.tags.push(...document.tags);
    for (const [path, item] of Object.entries(document.paths))
      merged.paths[path] = { ...merged.paths[path], ...item };
    Object.assign(merged.components.schemas, document.components?.schemas);
  }
  if (unavailable.length > 0) merged['x-unavailable-services'] = unavailable;
  return merged;
}
