import { IMAGE_WIDTHS, imageSrcSet, type GenerateImageResponse } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import {
  atWidth,
  generate,
  getImage,
  IMAGE_URL,
  imageRecord,
  pixelWidth,
  SITE,
} from '../../testing/images/image-fixtures';

// Encoding five WebP widths with sharp takes a second or two on a loaded 2-core machine.
jest.setTimeout(30_000);

const env = { PUBLIC_SITE_URL: SITE };
const cover = {
  articleId: 'cover-1',
  title: '[샘플] 오픈AI, 새로운 추론 모델 공개',
  primaryCategory: 'gen-ai' as const,
};

describe('article images with image generation off: the deterministic cover', () => {
  let content: ContentTestApp;
  let imageUrl: string;

  beforeAll(async () => {
    content = await startContentTestApp({ env });
    await content.translated(translatedArticle(cover));
    imageUrl = (await generate(content, cover.articleId)).json<GenerateImageResponse>().imageUrl;
  }, 30_000);
  afterAll(() => content.close());

  it('stores the cover per width and links the article to the 1280 variant', async () => {
    expect(imageUrl).toMatch(IMAGE_URL);
    expect(await imageRecord(content, cover.articleId)).toMatchObject({
      state: 'ready',
      source: 'cover',
      fallbackReason: 'image generation is off',
      slots: [...IMAGE_WIDTHS],
    });
  });

  it('serves every width as WebP with immutable caching and an ETag', async () => {
    for (const width of IMAGE_WIDTHS) {
      const image = await getImage(content, atWidth(imageUrl, width));
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(await pixelWidth(image.bytes)).toBe(width);
    }
  });

  it('serves the largest width when none is asked, and the current image briefly cacheable without the hash', async () => {
    const path = atWidth(imageUrl, 1920).replace(/\?w=\d+$/, '');
    expect(await pixelWidth((await getImage(content, path)).bytes)).toBe(1920);
    const current = await getImage(content, `/api/content/images/${cover.articleId}?w=640`);
    expect(current.status).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=300');
    expect(await pixelWidth(current.bytes)).toBe(640);
  });

  it('answers 304 to a matching If-None-Match (also weak or in a list), 200 to another', async () => {
    const url = atWidth(imageUrl, 640);
    const { headers } = await getImage(content, url);
    const etag = String(headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await getImage(content, url, { 'if-none-match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.bytes).toHaveLength(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await getImage(content, url, { 'if-none-match': '"other"' })).status).toBe(200);
    // Another width is other bytes, so another ETag.
    const wider = await getImage(content, atWidth(imageUrl, 960), { 'if-none-match': etag });
    expect(wider.status).toBe(200);
  });

  it('draws the same bytes for the same article in another store, and another cover for another id', async () => {
    const other = await startContentTestApp({ env });
    try {
      await other.translated(translatedArticle(cover));
      await other.translated(translatedArticle({ ...cover, articleId: 'cover-2' }));
      const again = (await generate(other, cover.articleId)).json<GenerateImageResponse>().imageUrl;
      expect(again).toBe(imageUrl);
      for (const width of [320, 1280]) {
        const mine = await getImage(content, atWidth(imageUrl, width));
        const theirs = await getImage(other, atWidth(again, width));
        expect(theirs.bytes.equals(mine.bytes)).toBe(true);
      }
      const second = (await generate(other, 'cover-2')).json<GenerateImageResponse>().imageUrl;
      expect(second.match(IMAGE_URL)?.[2]).not.toBe(imageUrl.match(IMAGE_URL)?.[2]);
    } finally {
      await other.close();
    }
  });

  it('gives a srcset over every width for a generated image URL, none for a source image', () => {
    const srcset = imageSrcSet(imageUrl);
    expect(srcset?.split(', ')).toEqual(
      IMAGE_WIDTHS.map((w) => `${imageUrl.replace(/\?w=\d+$/, `?w=${w}`)} ${w}w`),
    );
    expect(imageSrcSet('https://images.example.com/a.png')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });

  it('404s an image that does not exist: unknown article, article without one, stale hash', async () => {
    await content.translated(translatedArticle({ articleId: 'no-image-1' }));
    for (const url of [
      '/api/content/images/no-such-article?w=640',
      '/api/content/images/no-image-1/0123456789abcdef?w=640',
      `/api/content/images/${cover.articleId}/0123456789abcdef?w=640`,
    ]) {
      const response = await content.get(url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Image not found' });
    }
  });
});

describe('article images where no Korean font can rasterise the cover (IMAGE_COVER_FORMAT=svg)', () => {
  let content: ContentTestApp;

  beforeAll(async () => {
    content = await startContentTestApp({ env: { ...env, IMAGE_COVER_FORMAT: 'svg' } });
  }, 30_000);
  afterAll(() => content.close());

  it('stores and serves the SVG itself for every width, escaped and locked down', async () => {
    await content.translated(
      translatedArticle({ articleId: 'svg-1', title: 'AT&T <script>alert(1)</script> 인수' }),
    );
    const { imageUrl } = (await generate(content, 'svg-1')).json<GenerateImageResponse>();
    const small = await getImage(content, atWidth(imageUrl, 320));
    const large = await getImage(content, atWidth(imageUrl, 1920));
    expect(small.headers['content-type']).toBe('image/svg+xml');
    expect(small.headers['content-security-policy']).toContain("default-src 'none'");
    expect(small.bytes.equals(large.bytes)).toBe(true);
    const svg = small.bytes.toString('utf8');
    // The title was stored as plain text (its tags dropped); what is left is escaped in the SVG.
    expect(svg).toMatch(/>AT&amp;T alert\(1\) 인수<\/tspan>/);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('생성형 AI');
  });
});
