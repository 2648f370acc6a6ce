import type { Provider } from '@nestjs/common';
import { DOCUMENT_STORE, type DocumentStore } from '@pulse/platform';
import { canonicalUrl } from '../clustering/canonical-url';
import { Clusterer, type SeenRecords } from '../clustering/clusterer';
import { fetchUrl } from '../fetching';
import { extractArticle, parseFeed } from '../parsing';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
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

/**
 * A source's allowPrivateNetwork reaches the fetcher only where INGESTION_ALLOW_PRIVATE_SOURCES is on: any
 * editor can set the flag, and it also covers the URLs a feed names (its WebSub hub, its items' links), so
 * without the operator's switch it would open the internal network to whoever writes a feed.
 */
export function privateNetworkGated(
  fetch: PipelineStages['fetch'],
  allowed: boolean,
): PipelineStages['fetch'] {
  return allowed ? fetch : (request) => fetch({ ...request, allowPrivateNetwork: false });
}

export const pipelineStagesProviders: Provider[] = [
  {
    provide: PIPELINE_STAGES,
    inject: [DOCUMENT_STORE, INGESTION_CONFIG],
    useFactory: (store: DocumentStore, config: IngestionConfig) =>
      realPipelineStages(store, privateNetworkGated(fetchUrl, config.INGESTION_ALLOW_PRIVATE_SOURCES)),
  },
];
