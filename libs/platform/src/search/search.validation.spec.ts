import { SearchInputError } from './search.errors';
import type { IndexSettings } from './search.port';
import { assertDocuments, assertIndexName, assertSettings, normaliseQuery } from './search.validation';

const settings: IndexSettings = {
  searchable: ['title', 'body'],
  filterable: ['category', 'publishedAt'],
  sortable: ['publishedAt'],
};

describe('normaliseQuery', () => {
  it('fills defaults and merges crop fields into the highlighted ones', () => {
    expect(
      normaliseQuery(
        { q: '  블록체인 ', highlight: ['title'], crop: { fields: ['body'], length: 80 } },
        settings,
      ),
    ).toEqual({
      q: '블록체인',
      filters: [],
      sort: [],
      page: 1,
      hitsPerPage: 20,
      highlight: ['title', 'body'],
      crop: { fields: ['body'], length: 80 },
    });
  });

  it.each([
    [{ filters: { views: 1 } }, 'filters.views'],
    [{ filters: { category: { from: 1 } } }, 'filters.category'],
    [{ filters: { publishedAt: { gte: Number.POSITIVE_INFINITY } } }, 'filters.publishedAt.gte'],
    [{ filters: { category: [{}] } }, 'filters.category'],
    [{ sort: [{ field: 'title', order: 'asc' }] }, 'sort.title'],
    [{ sort: [{ field: 'publishedAt', order: 'up' }] }, 'sort.publishedAt'],
    [{ page: 0 }, 'page'],
    [{ hitsPerPage: 101 }, 'hitsPerPage'],
    [{ highlight: ['category'] }, 'highlight.category'],
    [{ crop: { fields: ['body'], length: 5 } }, 'crop.length'],
    [{ q: 'x'.repeat(257) }, 'q'],
  ])('refuses %j, naming %s', (query, field) => {
    expect(() => normaliseQuery(query as never, settings)).toThrow(SearchInputError);
    expect(() => normaliseQuery(query as never, settings)).toThrow(
      new RegExp(`^${field.replace(/\./g, '\\.')}:`),
    );
  });

  it('refuses to highlight a field that is not displayed', () => {
    expect(() => normaliseQuery({ highlight: ['body'] }, { ...settings, displayed: ['title'] })).toThrow(
      /highlight\.body/,
    );
  });
});

describe('names and ids', () => {
  it('accepts portable index names and document ids only', () => {
    expect(() => assertIndexName('articles_v2')).not.toThrow();
    expect(() => assertIndexName('Articles')).toThrow(SearchInputError);
    expect(() => assertDocuments([{ id: '65f0c0ffee-a_1' }])).not.toThrow();
    expect(() => assertDocuments([{ id: 'a/b' }])).toThrow(SearchInputError);
    expect(() => assertDocuments([{ id: 7 } as never])).toThrow(SearchInputError);
  });

  it('accepts only plain field names in settings, which filter strings rely on', () => {
    expect(() => assertSettings({ ...settings, filterable: ['source.name'] })).not.toThrow();
    expect(() => assertSettings({ ...settings, filterable: ['a = 1 OR b'] })).toThrow(SearchInputError);
    expect(() => assertSettings({ ...settings, searchable: [] })).toThrow(SearchInputError);
    expect(() => assertSettings({ ...settings, searchable: 'abcdefgh'.split('') })).toThrow(/1 to 7 fields/);
  });

  it('accepts language codes for searchable fields only', () => {
    expect(() =>
      assertSettings({ ...settings, locales: { title: ['kor'], body: ['kor', 'eng'] } }),
    ).not.toThrow();
    expect(() => assertSettings({ ...settings, locales: { category: ['kor'] } })).toThrow(
      /^settings\.locales\.category: not a searchable field/,
    );
    expect(() => assertSettings({ ...settings, locales: { title: [] } })).toThrow(/settings\.locales\.title/);
    expect(() => assertSettings({ ...settings, locales: { title: ['korean'] } })).toThrow(
      /settings\.locales\.title/,
    );
    expect(() => assertSettings({ ...settings, locales: ['kor'] as never })).toThrow(/settings\.locales/);
  });
});
