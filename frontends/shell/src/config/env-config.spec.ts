import shippedConfig from '../../public/env-config.json';
import { loadRemoteLocations, parseEnvConfig } from './env-config';
import { DEFAULT_REMOTE_LOCATIONS } from './remotes';

describe('parseEnvConfig', () => {
  it('takes each known remote from the file and ignores unknown ones', () => {
    const remotes = {
      news: 'https://cdn.example/news/mf-manifest.json',
      trending: '/t/mf-manifest.json',
      tech_analysis: '/ta/mf-manifest.json',
      qa: '/qa/mf-manifest.json',
      extra: '/extra/mf-manifest.json',
    };
    const { remotes: parsed, problems } = parseEnvConfig({ remotes });
    expect(problems).toEqual([]);
    expect(parsed).toEqual({
      news: remotes.news,
      trending: remotes.trending,
      tech_analysis: remotes.tech_analysis,
      qa: remotes.qa,
    });
  });

  it('falls back per remote and says which entry was wrong', () => {
    const { remotes, problems } = parseEnvConfig({ remotes: { news: '/n/mf-manifest.json', qa: 42 } });
    expect(remotes).toEqual({ ...DEFAULT_REMOTE_LOCATIONS, news: '/n/mf-manifest.json' });
    expect(problems).toEqual([
      'remotes.trending is missing or not a URL',
      'remotes.tech_analysis is missing or not a URL',
      'remotes.qa is missing or not a URL',
    ]);
  });

  it.each([null, [], 'text', { remotes: [] }])('uses the defaults for %p', (raw) => {
    expect(parseEnvConfig(raw).remotes).toEqual(DEFAULT_REMOTE_LOCATIONS);
  });

  it('ships a public/env-config.json equal to the built-in defaults', () => {
    expect(parseEnvConfig(shippedConfig)).toEqual({ remotes: DEFAULT_REMOTE_LOCATIONS, problems: [] });
  });
});

describe('loadRemoteLocations', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads the runtime configuration without caching it', async () => {
    const fetchImpl = jest.fn(async () =>
      Response.json({ remotes: { ...DEFAULT_REMOTE_LOCATIONS, qa: '/q.json' } }),
    );
    await expect(loadRemoteLocations(fetchImpl)).resolves.toEqual({
      ...DEFAULT_REMOTE_LOCATIONS,
      qa: '/q.json',
    });
    expect(fetchImpl).toHaveBeenCalledWith('/env-config.json', { cache: 'no-store' });
  });

  it.each([
    ['an HTTP error', async () => new Response('missing', { status: 404 })],
    ['a network error', async () => Promise.reject(new TypeError('fetch failed'))],
    ['invalid JSON', async () => new Response('<html>', { status: 200 })],
  ])('starts with the defaults after %s', async (_case, fetchImpl) => {
    await expect(loadRemoteLocations(fetchImpl)).resolves.toEqual(DEFAULT_REMOTE_LOCATIONS);
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('loadRemoteLocations with the configuration inlined by the gateway', () => {
  const remotes = {
    news: 'https://cdn.example/news/mf-manifest.json',
    trending: '/t/mf-manifest.json',
    tech_analysis: '/ta/mf-manifest.json',
    qa: '/qa/mf-manifest.json',
  };
  const docWith = (text: string | null) => ({
    getElementById: (id: string) =>
      id === 'pulse-env-config' && text !== null ? { textContent: text } : null,
  });

  it('reads the inlined block and fetches nothing', async () => {
    const fetchImpl = jest.fn();
    const located = await loadRemoteLocations(
      fetchImpl as unknown as typeof fetch,
      docWith(JSON.stringify({ remotes })) as unknown as Document,
    );
    expect(located).toEqual(remotes);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /env-config.json when the block is missing or broken', async () => {
    for (const text of [null, '{not json', JSON.stringify({ remotes: { news: 1 } })]) {
      const fetchImpl = jest.fn().mockResolvedValue(Response.json({ remotes }));
      const located = await loadRemoteLocations(
        fetchImpl as unknown as typeof fetch,
        docWith(text) as unknown as Document,
      );
      expect(located).toEqual(remotes);
      expect(fetchImpl).toHaveBeenCalledWith('/env-config.json', { cache: 'no-store' });
    }
  });
});
