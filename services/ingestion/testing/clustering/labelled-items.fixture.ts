import fs from 'node:fs';
import path from 'node:path';
import type { CanonicalItem } from '../../src/pipeline/pipeline.types';
import { canonicalUrl } from '../../src/clustering/canonical-url';

/** One item of libs/testing/fixtures/clustering/labelled-items.json (test support only). */
export interface LabelledItem extends CanonicalItem {
  story: string;
  /** A re-post of an earlier item's URL: the clusterer must say 'duplicate'. */
  exactDuplicate?: boolean;
}

const FIXTURE = path.resolve(__dirname, '../../../../libs/testing/fixtures/clustering/labelled-items.json');

/** The labelled items, canonicalised, in publication order (ties in file order). */
export function loadLabelledItems(): LabelledItem[] {
  const raw = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as {
    items: Array<Omit<LabelledItem, 'canonicalUrl' | 'youtubeIds'>>;
  };
  const items = raw.items.map((item) => ({ ...item, youtubeIds: [], canonicalUrl: canonicalUrl(item.link) }));
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.publishedAt!.localeCompare(b.item.publishedAt!) || a.index - b.index)
    .map(({ item }) => item);
}
