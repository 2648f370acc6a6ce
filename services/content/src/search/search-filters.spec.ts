import { archiveStoreFilter } from '../articles/articles.repository';
import { archiveIndexFilter, periodStart } from './search-filters';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('periodStart', () => {
  it("starts 'today' at 00:00 in Seoul (15:00 UTC the day before)", () => {
    expect(iso(periodStart('today', Date.parse('2026-03-02T03:00:00Z')))).toBe('2026-03-01T15:00:00.000Z');
    expect(iso(periodStart('today', Date.parse('2026-03-02T14:59:59Z')))).toBe('2026-03-01T15:00:00.000Z');
    expect(iso(periodStart('today', Date.parse('2026-03-02T15:00:00Z')))).toBe('2026-03-02T15:00:00.000Z');
  });

  it('counts week, month and year back from now as 7, 30 and 365 days', () => {
    const now = Date.parse('2026-03-02T03:00:00Z');
    expect(iso(periodStart('week', now))).toBe('2026-02-23T03:00:00.000Z');
    expect(iso(periodStart('month', now))).toBe('2026-01-31T03:00:00.000Z');
    expect(iso(periodStart('year', now))).toBe('2025-03-02T03:00:00.000Z');
    expect(periodStart('all', now)).toBeUndefined();
  });
});

describe('archive categories', () => {
  it('match a category as primary or secondary, NFT and Web3 by tag', () => {
    expect(archiveStoreFilter('gen-ai')).toEqual({
      $or: [{ primaryCategory: 'gen-ai' }, { secondaryCategory: 'gen-ai' }],
    });
    expect(archiveStoreFilter('nft')).toEqual({ 'tags.slug': { $in: expect.arrayContaining(['nft']) } });
    expect(archiveStoreFilter('all')).toEqual({});
    expect(archiveIndexFilter('blockchain')).toEqual({ categories: 'blockchain' });
    expect(archiveIndexFilter('web3')).toEqual({ tagSlugs: expect.arrayContaining(['web3', '웹3']) });
    expect(archiveIndexFilter('all')).toEqual({});
  });
});
