import { ConfigError, describeConfigSchema, loadConfig } from '../config';
import { searchConfigSchema } from './search.config';

const load = (env: Record<string, string>) => loadConfig({ search: searchConfigSchema }, env).search;

describe('searchConfigSchema', () => {
  it('defaults to the embedded engine and the pulse_ prefix', () => {
    expect(load({})).toEqual({ SEARCH_DRIVER: 'embedded', SEARCH_INDEX_PREFIX: 'pulse_' });
  });

  it('accepts a Meilisearch setup', () => {
    expect(
      load({
        SEARCH_DRIVER: 'meilisearch',
        MEILISEARCH_URL: 'http://meilisearch:7700',
        MEILISEARCH_API_KEY: 'k',
      }),
    ).toMatchObject({
      SEARCH_DRIVER: 'meilisearch',
      MEILISEARCH_URL: 'http://meilisearch:7700',
      MEILISEARCH_API_KEY: 'k',
    });
  });

  it('names MEILISEARCH_URL when the meilisearch driver has none', () => {
    expect(() => load({ SEARCH_DRIVER: 'meilisearch' })).toThrow(ConfigError);
    expect(() => load({ SEARCH_DRIVER: 'meilisearch' })).toThrow(
      /^Invalid configuration: MEILISEARCH_URL — required when SEARCH_DRIVER is meilisearch$/,
    );
  });

  it('names the variable of any other bad value', () => {
    expect(() => load({ SEARCH_DRIVER: 'elastic' })).toThrow(/SEARCH_DRIVER/);
    expect(() => load({ SEARCH_DRIVER: 'meilisearch', MEILISEARCH_URL: 'not a url' })).toThrow(
      /MEILISEARCH_URL/,
    );
    expect(() => load({ SEARCH_INDEX_PREFIX: 'Pulse ' })).toThrow(/SEARCH_INDEX_PREFIX/);
  });

  it('describes every variable, for the README table', () => {
    const variables = describeConfigSchema(searchConfigSchema);
    expect(variables.map((v) => v.name)).toEqual([
      'SEARCH_DRIVER',
      'MEILISEARCH_URL',
      'MEILISEARCH_API_KEY',
      'SEARCH_INDEX_PREFIX',
    ]);
    for (const variable of variables) expect(variable.description).not.toBe('');
  });
});
