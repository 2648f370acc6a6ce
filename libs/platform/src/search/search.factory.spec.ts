import { EmbeddedSearchIndex } from './embedded/embedded.search';
import { createSearchIndex } from './search.factory';

// The meilisearch branch is covered in meilisearch.search.spec.ts, the one spec that loads its client.
describe('createSearchIndex', () => {
  it('builds the embedded engine by default and logs the choice', async () => {
    const info = jest.fn();
    const index = await createSearchIndex(
      { SEARCH_DRIVER: 'embedded', SEARCH_INDEX_PREFIX: 'pulse_' },
      { logger: { info, warn: jest.fn() } as never },
    );
    expect(index).toBeInstanceOf(EmbeddedSearchIndex);
    expect(index.adapterName).toBe('embedded');
    expect(info).toHaveBeenCalledWith({ driver: 'embedded' }, 'search index');
  });
});
