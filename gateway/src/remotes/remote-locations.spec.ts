import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCATIONS_RECHECK_MS, RemoteLocations, type RemoteUrls } from './remote-locations';

const DEFAULTS: RemoteUrls = {
  news: '/remotes/news/mf-manifest.json',
  trending: '/remotes/trending/mf-manifest.json',
  tech_analysis: '/remotes/tech-analysis/mf-manifest.json',
  qa: '/remotes/qa/mf-manifest.json',
};

describe('RemoteLocations', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-locations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let clock = 0;
  const warnings: unknown[] = [];
  const logger = { info: () => undefined, warn: (entry: unknown) => void warnings.push(entry) };
  /** A file name of its own per test, so modification times never collide. */
  let file = '';
  let n = 0;
  beforeEach(() => {
    clock = 0;
    warnings.length = 0;
    file = path.join(dir, `locations-${(n += 1)}.json`);
  });

  it('is REMOTE_*_URL alone without a file, or while the file named is absent', () => {
    expect(new RemoteLocations(DEFAULTS, undefined, logger, () => clock).current()).toEqual({
      urls: DEFAULTS,
      version: 0,
    });
    expect(new RemoteLocations(DEFAULTS, file, logger, () => clock).current().urls).toEqual(DEFAULTS);
  });

  it('takes the file over REMOTE_*_URL, and a change of it within the recheck, without a restart', () => {
    writeFileSync(file, JSON.stringify({ qa: 'https://qa.example.net/v1/mf-manifest.json' }));
    const locations = new RemoteLocations(DEFAULTS, file, logger, () => clock);
    const first = locations.current();
    expect(first.urls).toEqual({ ...DEFAULTS, qa: 'https://qa.example.net/v1/mf-manifest.json' });

    writeFileSync(
      file,
      JSON.stringify({ qa: 'https://qa.example.net/v2/mf-manifest.json', news: '/n/m.json' }),
    );
    // Looked at again only once the recheck interval has passed.
    expect(locations.current()).toEqual(first);
    clock += LOCATIONS_RECHECK_MS;
    const second = locations.current();
    expect(second.urls).toEqual({
      ...DEFAULTS,
      news: '/n/m.json',
      qa: 'https://qa.example.net/v2/mf-manifest.json',
    });
    expect(second.version).toBeGreaterThan(first.version);

    // The file removed: back to REMOTE_*_URL.
    rmSync(file);
    clock += LOCATIONS_RECHECK_MS;
    expect(locations.current().urls).toEqual(DEFAULTS);
  });

  it.each([
    ['not JSON', '{ qa: '],
    ['an unknown remote', JSON.stringify({ shop: 'https://shop.example.net/mf-manifest.json' })],
    ['a script URL', JSON.stringify({ qa: 'javascript:alert(1)' })],
    ['a relative path', JSON.stringify({ qa: 'remotes/qa/mf-manifest.json' })],
  ])('refuses %s and keeps the last good locations, saying so', (_case, text) => {
    writeFileSync(file, JSON.stringify({ trending: 'https://t.example.net/mf-manifest.json' }));
    const locations = new RemoteLocations(DEFAULTS, file, logger, () => clock);
    const good = locations.current();
    writeFileSync(file, text);
    clock += LOCATIONS_RECHECK_MS;
    expect(locations.current()).toEqual(good);
    expect(warnings).toHaveLength(1);
  });
});
