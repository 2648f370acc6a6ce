import type { ArticleCollectedPayload } from '@pulse/contracts';
import { linkKeysIn, urlKey, urlKeysIn, type SourceAddresses } from '@pulse/platform';

/**
 * What a translation may point to: the source's own hyperlinks, images, original articles and YouTube
 * videos; and, as text only, any URL the source writes (the rule: ARCHITECTURE.md, "What an LLM may
 * write"). A URL that only appears in the source's text is not a link target.
 */
export function sourceAddresses(source: ArticleCollectedPayload): SourceAddresses {
  const links = linkKeysIn([source.bodyHtml]);
  for (const s of source.sources) for (const url of [s.url, s.canonicalUrl]) links.add(urlKey(url));
  if (source.imageUrl) links.add(urlKey(source.imageUrl));
  for (const id of source.youtubeVideoIds) links.add(`youtube:${id}`);
  const written = urlKeysIn([source.bodyHtml, source.summary, source.title]);
  for (const key of links) written.add(key);
  return { links, written };
}
