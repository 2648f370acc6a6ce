import { OpenAiCompatibleImageGenerator } from '@pulse/platform';
import type { OpenAiTestServer } from '@pulse/testing';
import pino from 'pino';
import sharp from 'sharp';
import type { ContentTestApp } from '../content-test-app';
import type { ArticleImageRecord } from '../../src/images/article-image.record';
import { ARTICLE_IMAGES_COLLECTION } from '../../src/images/article-images.repository';

export const SITE = 'https://pulse.example.kr';
/** A generated image as the article stores it: site-relative, so it loads from whichever origin is browsed. */
export const IMAGE_URL = /^\/api\/content\/images\/([A-Za-z0-9_-]+)\/([0-9a-f]{16})\?w=1280$/;

/** The image API of these tests: the OpenAI-compatible test server, no retries, a short timeout. */
export const apiGenerator = (server: OpenAiTestServer, timeoutMs = 5_000) =>
  new OpenAiCompatibleImageGenerator({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test-images',
    model: 'pulse-test-image',
    timeoutMs,
    maxRetries: 0,
    logger: pino({ level: 'silent' }),
  });

/** A PNG as an image API returns it: 1536×1024, a gradient, so resizing and encoding do real work. */
export async function apiPng(width = 1536, height = 1024): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const imageRecord = (content: ContentTestApp, articleId: string) =>
  content.store.collection<ArticleImageRecord>(ARTICLE_IMAGES_COLLECTION).findOne({ _id: articleId });

export const generate = (content: ContentTestApp, articleId: string) =>
  content.inject({ method: 'POST', url: `/api/articles/${articleId}/generate-image` });

/** GET as raw bytes (the test app's get() parses JSON). */
export async function getImage(content: ContentTestApp, url: string, headers: Record<string, string> = {}) {
  const response = await content.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

export async function pixelWidth(bytes: Buffer): Promise<number | undefined> {
  return (await sharp(bytes).metadata()).width;
}

/** The site-relative path of an absolute imageUrl, with another width. */
export const atWidth = (imageUrl: string, width: number) =>
  imageUrl.replace(SITE, '').replace(/\?w=\d+$/, `?w=${width}`);
