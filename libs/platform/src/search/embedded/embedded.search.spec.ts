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

describe('EmbeddedSearchIndex jamo typos (Meilisearch has none: libs/platform/src/search/README.md)', () => {
  let index: EmbeddedSearchIndex;
  const ids = async (q: string) => (await index.search('articles', { q })).hits.map((hit) => hit.id);
  beforeAll(async () => {
    index = new EmbeddedSearchIndex();
    await index.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    await index.upsert('articles', [
      { id: 'chain', title: '블록체인 기술의 미래', summary: '', body: '분산원장 이야기', tags: [] },
      { id: 'maker', title: '개발사 채용 확대', summary: '', body: '게임 업계', tags: [] },
      { id: 'person', title: '채용 시장', summary: '', body: '개발자 수요가 늘었다', tags: [] },
      { id: 'chip', title: '반도 소식', summary: '', body: '지역 뉴스', tags: [] },
    ]);
  });

  it('finds a Hangul word of three syllables or more with one jamo wrong, marking the word it meant', async () => {
    const result = await index.search('articles', { q: '블록채인의', highlight: ['title'] });
    expect(result.hits.map((hit) => ({ id: hit.id, title: hit.highlights.title }))).toEqual([
      { id: 'chain', title: '<mark>블록체인</mark> 기술의 미래' },
    ]);
    expect(result.allWordsMatched).toBe(true);
  });

  it('takes the same word with another particle for the word, not for a typo', async () => {
    // '의' is ㅡ + ㅣ, one key from '이': '이더리움이' is one jamo from '이더리움의' but only its stem matches.
    await index.upsert('articles', [
      { id: 'eth-ko', title: '이더리움이 상승', summary: '', body: '', tags: [] },
    ]);
    const result = await index.search('articles', { q: '이더리움의', highlight: ['title'] });
    expect(result.hits.map((hit) => hit.highlights.title)).toEqual(['<mark>이더리움</mark>이 상승']);
  });

  it('counts a mistyped word beside correct ones as matched', async () => {
    await expect(index.search('articles', { q: '블록채인 분산원장' })).resolves.toMatchObject({
      hits: [{ id: 'chain' }],
      allWordsMatched: true,
    });
  });

  it('ranks the word as typed, even in a body, above its one-jamo neighbour in a title', async () => {
    await expect(ids('개발자')).resolves.toEqual(['person', 'maker']);
    await expect(ids('개발사')).resolves.toEqual(['maker', 'person']);
  });

  it('forgives no jamo in a word of two syllables, and still forgives Latin typos', async () => {
    await expect(ids('빈도')).resolves.toEqual([]);
    await index.upsert('articles', [
      { id: 'eth', title: 'Ethereum 업그레이드', summary: '', body: '', tags: [] },
    ]);
    await expect(ids('etherum')).resolves.toEqual(['eth']);
  });
});
