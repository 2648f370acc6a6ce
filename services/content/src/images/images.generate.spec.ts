import { TOPICS, type GenerateImageResponse } from '@pulse/contracts';
import { openAiReply, startOpenAiTestServer, eventually, type OpenAiTestServer } from '@pulse/testing';
import { ArticlesRepository } from '../articles/articles.repository';
import { SITE_CONFIG } from '../content.config';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import type { ArticleImageRecord } from './article-image.record';
import { ARTICLE_IMAGES_COLLECTION, ArticleImagesRepository } from './article-images.repository';
import { ArticleImageLink } from './article-image-link';
import { ImageProducer } from './image-producer';
import { IMAGES_CONFIG } from './images.config';
import { ImagesService } from './images.service';
import {
  apiGenerator,
  apiPng,
  atWidth,
  generate,
  getImage,
  IMAGE_URL,
  imageRecord,
  pixelWidth,
  SITE,
} from '../../testing/images/image-fixtures';
import { CLOCK } from '@pulse/platform';

// Encoding five WebP widths with sharp takes a second or two on a loaded 2-core machine.
jest.setTimeout(30_000);

const env = { PUBLIC_SITE_URL: SITE };

describe('POST /api/articles/:id/generate-image with the image API configured', () => {
  let server: OpenAiTestServer;
  let content: ContentTestApp;
  let generator: ReturnType<typeof apiGenerator>;
  let png: Buffer;

  beforeAll(async () => {
    server = await startOpenAiTestServer();
    generator = apiGenerator(server);
    content = await startContentTestApp({ env, images: generator });
    png = await apiPng();
  }, 30_000);
  afterEach(() => server.reset());
  afterAll(async () => {
    await content.close();
    await generator.close();
    await server.close();
  });

  it("stores the API's image resized to every width up to its own, and points the article at it", async () => {
    await content.translated(
      translatedArticle({
        articleId: 'api-1',
        title: '이더리움 업그레이드 완료',
        primaryCategory: 'blockchain',
        imageUrl: 'https://images.example.com/broken.png',
      }),
    );
    const published = await content.collect(TOPICS.articlePublished, 'images-api-1');
    server.enqueue(openAiReply.image(png));

    const response = await generate(content, 'api-1');

    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<GenerateImageResponse>();
    expect(imageUrl).toMatch(IMAGE_URL);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body).toMatchObject({ model: 'pulse-test-image', size: '1536x1024' });
    expect(server.requests[0].body.prompt).toContain('이더리움 업그레이드 완료');
    expect(server.requests[0].body.prompt).toContain('Blockchain');
    expect(server.requests[0].body.prompt).toMatch(/Do not render any text/);

    const record = await imageRecord(content, 'api-1');
    expect(record).toMatchObject({
      state: 'ready',
      source: 'api',
      fallbackReason: null,
      slots: [320, 640, 960, 1280],
    });
    for (const width of [320, 640, 960, 1280]) {
      const image = await getImage(content, atWidth(imageUrl, width));
      expect(image.headers['content-type']).toBe('image/webp');
      expect(await pixelWidth(image.bytes)).toBe(width);
    }
    // 1920 is wider than the original: the widest stored (never enlarged).
    expect(await pixelWidth((await getImage(content, atWidth(imageUrl, 1920))).bytes)).toBe(1280);

    // The source's broken image is replaced, and the article re-announced with the new one.
    const article = await content.store
      .collection('articles')
      .findOne<{ imageUrl: string }>({ _id: 'api-1' });
    expect(article?.imageUrl).toBe(imageUrl);
    await eventually(() =>
      expect(published.map((event) => event.payload)).toContainEqual(
        // The article stores it site-relative; the event carries it absolute for consumers off the site.
        expect.objectContaining({ id: 'api-1', imageUrl: `${SITE}${imageUrl}` }),
      ),
    );
  });

  it('generates once under 20 concurrent calls, across two replicas sharing the store', async () => {
    await content.translated(translatedArticle({ articleId: 'race-1' }));
    // Slow enough that every call arrives while the one generation runs.
    server.enqueue(openAiReply.slow(300, openAiReply.image(png)), openAiReply.image(png));
    const replica = secondReplica(content);
    const claims = bothReplicasSeeNoImageYet(content);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? generate(content, 'race-1').then((r) => r.json<GenerateImageResponse>().imageUrl)
          : replica.generate('race-1').then((r) => r.imageUrl),
      ),
    );

    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(IMAGE_URL);
    expect(server.requests).toHaveLength(1);
    // Each replica ran one generation for its 10 calls; both found no image and tried to claim it.
    expect(await claims()).toEqual([false, true]);
  });

  it('answers a later call with the stored image, without asking the API again', async () => {
    await content.translated(translatedArticle({ articleId: 'later-1' }));
    server.enqueue(openAiReply.image(png), openAiReply.image(png));
    const first = (await generate(content, 'later-1')).json<GenerateImageResponse>();
    const again = await generate(content, 'later-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(server.requests).toHaveLength(1);
  });

  it('draws the cover when the API fails, and does not try the API again', async () => {
    await content.translated(translatedArticle({ articleId: 'fail-1' }));
    server.enqueue(openAiReply.status(500), openAiReply.image(png));

    const { imageUrl } = (await generate(content, 'fail-1')).json<GenerateImageResponse>();

    const record = await imageRecord(content, 'fail-1');
    expect(record).toMatchObject({ state: 'ready', source: 'cover', slots: [320, 640, 960, 1280, 1920] });
    expect(record?.fallbackReason).toMatch(/500/);
    expect(await pixelWidth((await getImage(content, atWidth(imageUrl, 1920))).bytes)).toBe(1920);
    await generate(content, 'fail-1');
    expect(server.requests).toHaveLength(1);
  });

  it('draws the cover when the API answers with bytes that are not an image', async () => {
    await content.translated(translatedArticle({ articleId: 'junk-1' }));
    server.enqueue(openAiReply.image(Buffer.from('<html>not an image</html>')));
    await generate(content, 'junk-1');
    expect(await imageRecord(content, 'junk-1')).toMatchObject({ state: 'ready', source: 'cover' });
  });

  it('draws the cover when the API is slower than IMAGE_GENERATION_TIMEOUT_MS', async () => {
    const slow = await startContentTestApp({
      env: { ...env, IMAGE_GENERATION_TIMEOUT_MS: '1000' },
      images: generator,
    });
    try {
      await slow.translated(translatedArticle({ articleId: 'slow-1' }));
      server.enqueue(openAiReply.slow(10_000, openAiReply.image(png)));
      const started = Date.now();
      const response = await generate(slow, 'slow-1');
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await imageRecord(slow, 'slow-1')).toMatchObject({ source: 'cover' });
    } finally {
      await slow.close();
    }
  });

  it('takes over a claim left by a replica that stopped, once it is older than the lease', async () => {
    await content.translated(translatedArticle({ articleId: 'stale-1' }));
    await content.store.collection<ArticleImageRecord>(ARTICLE_IMAGES_COLLECTION).insertOne({
      _id: 'stale-1',
      state: 'generating',
      claimId: 'crashed-replica',
      claimedAt: '2020-01-01T00:00:00.000Z',
      hash: null,
      source: null,
      fallbackReason: null,
      slots: [],
      variants: {},
      imageUrl: null,
      generatedAt: null,
    });
    server.enqueue(openAiReply.image(png));
    const response = await generate(content, 'stale-1');
    expect(response.statusCode).toBe(200);
    expect(await imageRecord(content, 'stale-1')).toMatchObject({ state: 'ready', source: 'api' });
  });

  it('404s an unknown or unpublished article, without generating', async () => {
    await content.translated(translatedArticle({ articleId: 'held-1', translationStatus: 'held' }));
    for (const id of ['no-such-article', 'held-1']) {
      const response = await generate(content, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Article not found' });
      expect(await imageRecord(content, id)).toBeNull();
    }
    expect(server.requests).toHaveLength(0);
  });
});

/** Another ImagesService over the same store and article: what a second content replica would run. */
function secondReplica(content: ContentTestApp): ImagesService {
  const get = <T>(token: unknown) => content.app.get<T>(token as never);
  return new ImagesService(
    get(ArticlesRepository),
    get(ArticleImagesRepository),
    get(ImageProducer),
    get(ArticleImageLink),
    get(SITE_CONFIG),
    get(IMAGES_CONFIG),
    get(CLOCK),
  );
}

/**
 * Holds the first status read of each replica until both have made it, so both see no image and race
 * for the claim (the store's unique _id decides); returns the claim results once restored.
 */
function bothReplicasSeeNoImageYet(content: ContentTestApp) {
  const images = content.app.get(ArticleImagesRepository);
  const status = images.status.bind(images);
  const claim = images.claim.bind(images);
  let arrived = 0;
  let release = () => {};
  const bothArrived = new Promise<void>((resolve) => (release = resolve));
  const results: boolean[] = [];
  const statusSpy = jest.spyOn(images, 'status').mockImplementation(async (id) => {
    const found = await status(id);
    if (arrived < 2) {
      arrived += 1;
      if (arrived === 2) release();
      await bothArrived;
    }
    return found;
  });
  const claimSpy = jest.spyOn(images, 'claim').mockImplementation(async (...args) => {
    const won = await claim(...args);
    results.push(won);
    return won;
  });
  return async () => {
    statusSpy.mockRestore();
    claimSpy.mockRestore();
    return [...results].sort();
  };
}
