import 'reflect-metadata';
import {
  capturingLogger,
  FakeUpstream,
  jsonResponse,
  startTestGateway,
  type TestGateway,
} from '../../testing/test-gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  const log = capturingLogger();

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/content', '/api/articles'], () =>
      jsonResponse(200, { ok: true }),
    );
    gateway = await startTestGateway({
      upstreams: [content],
      logger: log.logger,
      // A server bundle whose page reads its article, as the shell's does.
      serverBundle: `exports.renderPage = async ({ url, readApi }) => {
        await readApi('/api/articles/' + url.split('/').pop());
        return undefined;
      };`,
    });
  });

  afterAll(() => gateway.close());

  const lastForwardedId = () => content.requests.at(-1)?.headers['x-request-id'];

  it('keeps a sane incoming id: echoed, forwarded upstream and in the access log', async () => {
    const id = 'client-7f3a.42:retry@2';
    const response = await fetch(`${gateway.base}/api/content/news`, { headers: { 'x-request-id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
    expect(lastForwardedId()).toBe(id);
    const entry = log.lines().find((line) => line.msg === 'request' && line.requestId === id);
    expect(entry).toMatchObject({ method: 'GET', path: '/api/content/news', statusCode: 200 });
  });

  it.each([
    ['missing', undefined],
    ['too long', 'x'.repeat(129)],
    ['with spaces and markup', 'a b<script>'],
    ['empty', ''],
  ])('replaces a %s id with a generated one', async (_what, incoming) => {
    const response = await fetch(`${gateway.base}/api/content/news`, {
      headers: incoming === undefined ? {} : { 'x-request-id': incoming },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(lastForwardedId()).toBe(id);
  });

  it('sends the id with the reads a document’s render makes', async () => {
    const response = await fetch(`${gateway.base}/news/abc123`, { headers: { 'x-request-id': 'doc-req-1' } });
    expect(response.headers.get('x-request-id')).toBe('doc-req-1');
    expect(content.requests.at(-1)).toMatchObject({
      url: '/api/articles/abc123',
      headers: { 'x-request-id': 'doc-req-1' },
    });
  });

  it('gives every answer an id, errors included', async () => {
    const response = await fetch(`${gateway.base}/api/unknown`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });
});
