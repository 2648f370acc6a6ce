import {
  describeSearchIndexContract,
  SEARCH_CONTRACT_CORPUS,
  SEARCH_CONTRACT_SETTINGS,
} from '@pulse/testing';
import { EmbeddedSearchIndex } from './embedded.search';

describeSearchIndexContract('embedded', () => new EmbeddedSearchIndex(), 'engine');
// The same, every document's postings merged into the sealed block at once (a large index's usual state).
describeSearchIndexContract(
  'embedded, sealed after every document',
  () => new EmbeddedSearchIndex({ recentPostingsMax: 0 }),
  'engine',
);

describe('EmbeddedSearchIndex state', () => {
  it('exports settings and documents and rebuilds an identical index from them', async () => {
    const original = new EmbeddedSearchIndex();
    await original.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    await original.upsert('articles', SEARCH_CONTRACT_CORPUS);
    const state = JSON.parse(JSON.stringify(original.exportState()));

    const restored = new EmbeddedSearchIndex();
    restored.importState(state);
    for (const q of ['블록체인의', 'ㅂㄹㅊㅇ', 'etherum', '']) {
      const query = { q, highlight: ['title'], sort: [{ field: 'views', order: 'desc' as const }] };
      await expect(restored.search('articles', query)).resolves.toEqual(
        await original.search('articles', query),
      );
    }
  });

  it('rebuilds with new settings when ensureIndex is called with different ones', async () => {
    const index = new EmbeddedSearchIndex();
    await index.ensureIndex('articles', { ...SEARCH_CONTRACT_SETTINGS, searchable: ['title'] });
    await index.upsert('articles', SEARCH_CONTRACT_CORPUS);
    await expect(index.search('articles', { q: '분산원장' })).resolves.toMatchObject({ total: 0 });
    await index.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    await expect(index.search('articles', { q: '분산원장' })).resolves.toMatchObject({ total: 1 });
  });

  it('ranks a title match above the same word in a body', async () => {
    const index = new EmbeddedSearchIndex();
    await index.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    await index.upsert('articles', [
      { id: 'body', title: '시장 동향', summary: '', body: '반도체 반도체 반도체 수요가 늘었다', tags: [] },
      { id: 'title', title: '반도체 수출 회복', summary: '', body: '수출이 늘었다', tags: [] },
    ]);
    const result = await index.search('articles', { q: '반도체' });
    expect(result.hits.map((hit) => hit.id)).toEqual(['title', 'body']);
  });
});
