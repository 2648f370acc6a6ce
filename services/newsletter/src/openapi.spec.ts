import {
  editionListResponseSchema,
  editionPreviewResponseSchema,
  editionProgressResponseSchema,
  editionResponseSchema,
  ENDPOINTS,
  subscribeResponseSchema,
  type EndpointSpec,
} from '@pulse/contracts';
import type { z } from 'zod';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../testing/newsletter-test-app';

const NEWSLETTER_ENDPOINTS = Object.entries(ENDPOINTS as Record<string, EndpointSpec>).filter(
  ([, spec]) => spec.service === 'newsletter',
);

/** The body exactly as the schema describes it: parsing drops unknown keys, so equality means none. */
function expectShape(schema: z.ZodType, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}

/** The service's OpenAPI document lists every newsletter call it serves, and the answers match it. */
describe('newsletter OpenAPI document', () => {
  let t: NewsletterTestApp;
  beforeAll(async () => {
    t = await startNewsletterTestApp({ clock: testClock() });
  });
  afterAll(() => t.close());

  it('documents every newsletter row of ENDPOINTS, pages as HTML and JSON calls with their schemas', async () => {
    const document = (await t.request('GET', '/openapi.json')).body;
    for (const [name, spec] of NEWSLETTER_ENDPOINTS) {
      const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[spec.method.toLowerCase()];
      expect({ name, operationId: operation?.operationId }).toEqual({ name, operationId: name });
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))![1] as {
        content: Record<string, unknown>;
      };
      const page = !spec.path.startsWith('/api/');
      expect({ name, types: Object.keys(success.content) }).toEqual({
        name,
        types: [page ? 'text/html' : 'application/json'],
      });
    }
    const oneClick = document.paths['/newsletter/unsubscribe'].post;
    expect(Object.keys(oneClick.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(Object.keys(document.paths['/api/newsletter/admin/editions'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '503']),
    );
  });

  it('answers in the documented shapes', async () => {
    const subscribed = await t.request('POST', '/api/subscribers', { json: { email: 'shape@example.com' } });
    expect(subscribed.status).toBe(202);
    expectShape(subscribeResponseSchema, subscribed.body);

    const preview = await t.request('GET', '/api/newsletter/admin/preview?kind=weekly', { headers: admin });
    expect(preview.status).toBe(200);
    expectShape(editionPreviewResponseSchema, preview.body);

    const sent = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(sent.status).toBe(201);
    expectShape(editionProgressResponseSchema, sent.body);
    const id = sent.body.edition.id as string;
    const progress = await t.request('GET', `/api/newsletter/admin/editions/${id}`, { headers: admin });
    expectShape(editionProgressResponseSchema, progress.body);

    const list = await t.request('GET', '/api/newsletter/editions');
    expect(list.body.editions).toHaveLength(1);
    expectShape(editionListResponseSchema, list.body);
    const edition = await t.request('GET', `/api/newsletter/editions/${id}`);
    expect(edition.body.edition.sections.length).toBeGreaterThan(0);
    expectShape(editionResponseSchema, edition.body);
  });
});
