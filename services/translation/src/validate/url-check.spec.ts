import type { ArticleCollectedPayload } from '@pulse/contracts';
import { findUrlsAddedToSource } from './url-check';

const source: ArticleCollectedPayload = {
  clusterId: 'c-1',
  sources: [
    {
      sourceId: 's-1',
      sourceName: 'Example',
      url: 'https://example.com/story?utm_source=x',
      canonicalUrl: 'https://example.com/story',
      title: 'Story',
      author: null,
      publishedAt: null,
    },
  ],
  title: 'Story',
  summary: 'See https://docs.example.org/guide.',
  bodyHtml:
    '<p>Read <a href="https://blog.example.net/post/">the post</a>.</p><img src="https://cdn.example.com/a.png">',
  imageUrl: 'https://cdn.example.com/cover.jpg',
  youtubeVideoIds: ['dQw4w9WgXcQ'],
  language: 'en',
  collectedAt: '2026-01-01T00:00:00.000Z',
};

describe('URL check', () => {
  it('accepts URLs the source contains, however spelled', () => {
    const body =
      '<p><a href="https://blog.example.net/post">글</a> <a href="https://EXAMPLE.com/story#top">원문</a></p>' +
      '<img src="https://cdn.example.com/cover.jpg"> https://docs.example.org/guide' +
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>';
    expect(findUrlsAddedToSource([body], source)).toEqual([]);
  });

  it('reports URLs absent from the source, in any field', () => {
    expect(
      findUrlsAddedToSource(
        ['<p><a href="https://evil.example/phish">여기</a></p>', '요약 http://tracker.example/x', '제목'],
        source,
      ),
    ).toEqual(['https://evil.example/phish', 'http://tracker.example/x']);
  });

  it('treats a YouTube video the source does not have as added', () => {
    expect(
      findUrlsAddedToSource(['<iframe src="https://www.youtube.com/embed/AAAAAAAAAAA"></iframe>'], source),
    ).toEqual(['https://www.youtube.com/embed/AAAAAAAAAAA']);
  });

  it('treats a relative link as added', () => {
    expect(findUrlsAddedToSource(['<a href="/admin">x</a>'], source)).toEqual(['/admin']);
  });
});
