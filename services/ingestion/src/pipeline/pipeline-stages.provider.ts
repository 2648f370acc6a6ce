import type { Provider } from '@nestjs/common';
import { DOCUMENT_STORE, type DocumentStore } from '@pulse/platform';
import { canonicalUrl } from '../clustering/canonical-url';
import { Clusterer, type SeenRecords } from '../clustering/clusterer';
import { fetchUrl } from '../fetching';
import { extractArticle, parseFeed } from '../parsing';
import { PIPELINE_STAGES, type PipelineStages } from './stages';

/**
 * The real stages (fetching/, parsing/, clustering/) behind the interface the run service uses. `fetch`
 * is replaceable so a system test can give the fetcher a test DNS seam; everything else is the real code.
 */
export function realPipelineStages(
  store: DocumentStore,
  fetch: PipelineStages['fetch'] = fetchUrl,
): PipelineStages {
  const clusterer = new Clusterer(store);
  return {
    fetch,
    parse: parseFeed,
    canonicalUrl,
    lookupSeen: (urls) => clusterer.lookupSeen(urls),
    cluster: (item, seen) => clusterer.assign(item, seen as SeenRecords | undefined),
    storyStored: (item) => clusterer.storyStored(item.canonicalUrl),
    extract: (html, url) => {
      const article = extractArticle(html, url);
      return article
        ? {
            title: article.title,
            summary: article.excerpt,
            bodyHtml: article.contentHtml,
            imageUrl: article.leadImageUrl,
          }
        : null;
    },
  };
}

export const pipelineStagesProviders: Provider[] = [
  {
    provide: PIPELINE_STAGES,
    inject: [DOCUMENT_STORE],
    useFactory: (store: DocumentStore) => realPipelineStages(store),
  },
];
