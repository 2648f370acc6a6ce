import type { ArticleCollectedPayload } from '@pulse/contracts';
import { extractUrls, findAddedUrls, urlKey } from '@pulse/platform';

/** The addresses a source names: its links, images, original articles and YouTube videos. */
export function sourceUrlKeys(source: ArticleCollectedPayload): Set<string> {
  const urls = [
    ...source.sources.flatMap((s) => [s.url, s.canonicalUrl]),
    ...(source.imageUrl ? [source.imageUrl] : []),
    ...extractUrls(source.bodyHtml),
    ...extractUrls(source.summary),
    ...extractUrls(source.title),
  ];
  const keys = new Set(urls.map(urlKey));
  for (const id of source.youtubeVideoIds) keys.add(`youtube:${id}`);
  return keys;
}

/** URLs in the output that the source does not contain; any is held for review (DESIGN §5). */
export function findUrlsAddedToSource(
  outputTexts: readonly string[],
  source: ArticleCollectedPayload,
): string[] {
  return findAddedUrls(outputTexts, sourceUrlKeys(source));
}
