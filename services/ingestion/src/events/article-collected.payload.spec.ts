import { articleCollectedPayloadSchema } from '@pulse/contracts';
import type { CanonicalItem } from '../pipeline/pipeline.types';
import { contractProblem, toArticleCollectedPayload } from './article-collected.payload';

const item = (overrides: Partial<CanonicalItem> = {}): CanonicalItem => ({
  title: 'OpenAI ships a new reasoning model',
  link: 'https://news.example.com/openai-model?utm_source=x',
  canonicalUrl: 'https://news.example.com/openai-model',
  sourceId: 'src-1',
  sourceName: 'Example News',
  summary: 'A short lead.',
  bodyHtml: '<p>Body</p>',
  youtubeIds: [],
  ...overrides,
});

describe('article.collected payload from a feed item', () => {
  it('sanitises the untrusted body: no scripts, handlers or foreign frames; YouTube embeds stay', () => {
    const payload = toArticleCollectedPayload(
      item({
        bodyHtml:
          '<p onclick="steal()">Text<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
          '<iframe src="https://evil.example/embed"></iframe>' +
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      }),
      'cluster-1',
      '2026-11-21T09:00:00.000Z',
    );
    expect(payload.bodyHtml).not.toMatch(/script|onclick|javascript:|evil\.example/);
    expect(payload.bodyHtml).toContain('<p>Text</p>');
    expect(payload.bodyHtml).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(contractProblem(payload)).toBeNull();
  });

  it('drops optional parts that break the contract instead of losing the story', () => {
    const payload = toArticleCollectedPayload(
      item({
        imageUrl: 'javascript:alert(1)',
        publishedAt: 'yesterday',
        youtubeIds: ['short', 'dQw4w9WgXcQ'],
      }),
      'cluster-2',
      '2026-11-21T09:00:00.000Z',
    );
    expect(payload.imageUrl).toBeNull();
    expect(payload.sources[0].publishedAt).toBeNull();
    expect(payload.youtubeVideoIds).toEqual(['dQw4w9WgXcQ']);
    expect(articleCollectedPayloadSchema.safeParse(payload).success).toBe(true);
  });
});
