import { HeldCopies } from './held-copies';

const copy = (expiresAt: number) => ({ expiresAt });

describe('HeldCopies', () => {
  it('answers a copy until it lapses', () => {
    const held = new HeldCopies(10);
    held.set('/a', copy(2_000), 1_000);
    expect(held.get('/a', 1_999)).toEqual(copy(2_000));
    expect(held.get('/a', 2_000)).toBeUndefined();
  });

  it('drops lapsed copies as new ones come in, so it holds only what the last moment read', () => {
    const held = new HeldCopies(1_000);
    for (let at = 0; at < 500; at += 1) held.set(`/article/${at}`, copy(at + 10), at);
    // Only the copies of the last 10 ms are still live; the others are gone, not merely lapsed.
    expect(held.size).toBe(10);
  });

  it('moves a copy set again to the end, so a live copy does not shield lapsed ones behind it', () => {
    const held = new HeldCopies(1_000);
    held.set('/home', copy(100), 0);
    held.set('/a', copy(15), 5);
    held.set('/home', copy(110), 10); // /home again: now behind /a
    held.set('/b', copy(31), 21); // /a lapsed at 15 and is first: it goes
    expect(held.size).toBe(2);
    expect(held.get('/a', 21)).toBeUndefined();
  });

  it('full of live copies, drops the least recently read one, so a flood of new keys keeps the read ones', () => {
    const held = new HeldCopies(3);
    held.set('/home', copy(100), 0);
    for (let n = 0; n < 50; n += 1) {
      expect(held.get('/home', n)).toEqual(copy(100)); // read between the flood's keys
      held.set(`/search?q=${n}`, copy(100), n);
    }
    expect(held.size).toBe(3);
    expect(held.get('/home', 50)).toEqual(copy(100));
    expect(held.get('/search?q=49', 50)).toEqual(copy(100));
    expect(held.get('/search?q=0', 50)).toBeUndefined();
  });

  it('drops the copies a purge names and says which', () => {
    const held = new HeldCopies<{ expiresAt: number; tags: string[] }>(10);
    held.set('/a', { expiresAt: 100, tags: ['article:1'] }, 0);
    held.set('/b', { expiresAt: 100, tags: ['article-lists'] }, 0);
    expect(held.deleteWhere((entry) => entry.tags.includes('article:1'))).toEqual(['/a']);
    expect(held.size).toBe(1);
  });
});
