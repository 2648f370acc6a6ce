import { ConfigError, loadConfig } from '@pulse/platform';
import { gatewayConfigSchema } from './gateway.config';
import { envConfigOf } from './static/frontend-assets.plugin';

const load = (env: Record<string, string>) => loadConfig({ gateway: gatewayConfigSchema }, env).gateway;

describe('gateway configuration', () => {
  it('defaults to same-origin only, a local public URL and generous limits', () => {
    const config = load({});
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:3000');
    expect(config.RATE_LIMIT_READ_PER_MIN).toBeGreaterThan(config.RATE_LIMIT_WRITE_PER_MIN);
    expect(config.TRUSTED_PROXY_HOPS).toBe(0);
  });

  it('reads a comma-separated origin list, normalised', () => {
    expect(load({ CORS_ORIGINS: ' https://Pulse.example , http://localhost:5173/ ' }).CORS_ORIGINS).toEqual([
      'https://pulse.example',
      'http://localhost:5173',
    ]);
  });

  it.each([
    ['CORS_ORIGINS', 'https://pulse.example/path'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'ftp://pulse.example'],
    ['PUBLIC_SITE_URL', 'https://pulse.example/news'],
    ['PUBLIC_SITE_URL', 'not a url'],
    ['RATE_LIMIT_READ_PER_MIN', '0'],
    ['TRUSTED_PROXY_HOPS', '-1'],
    ['CONTENT_URL', 'http://a:3101,not a url'],
    ['CONTENT_URL', 'ftp://a:3101'],
    ['CONTENT_URL', ' , '],
    ['SITE_SOCIAL_ACCOUNTS', 'https://x.com/'],
    ['SITE_SOCIAL_ACCOUNTS', 'https://github.com'],
    ['SITE_SOCIAL_ACCOUNTS', 'http://github.com/pulse'],
    ['SITE_SOCIAL_ACCOUNTS', 'https://example.com/pulse'],
    ['SITE_SOCIAL_ACCOUNTS', 'github.com/pulse'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => load({ [variable]: value })).toThrow(ConfigError);
    expect(() => load({ [variable]: value })).toThrow(variable);
  });

  it('reads one upstream URL, or a list of replicas', () => {
    expect(load({}).CONTENT_URL).toEqual(['http://127.0.0.1:3101']);
    expect(load({ CONTENT_URL: 'http://content-0:3101, http://content-1:3101' }).CONTENT_URL).toEqual([
      'http://content-0:3101',
      'http://content-1:3101',
    ]);
  });

  it('drops a trailing slash from the public URL', () => {
    expect(load({ PUBLIC_SITE_URL: 'https://pulse.example/' }).PUBLIC_SITE_URL).toBe('https://pulse.example');
  });

  it("publishes the site's own social accounts to the shell, and none when it has none", () => {
    expect(envConfigOf(load({}))).not.toHaveProperty('social');
    const config = load({
      SITE_SOCIAL_ACCOUNTS: ' https://www.youtube.com/@pulse , https://github.com/pulse-kr ',
    });
    expect(envConfigOf(config).social).toEqual([
      { label: 'YouTube', url: 'https://www.youtube.com/@pulse' },
      { label: 'GitHub', url: 'https://github.com/pulse-kr' },
    ]);
  });
});
