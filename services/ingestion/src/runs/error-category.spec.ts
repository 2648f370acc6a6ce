import { fetchFailureCategory, storedCategory } from './error-category';

describe('the public category of a failed fetch', () => {
  it.each([
    [{ reason: 'http-status', status: 404 }, 'http-4xx'],
    [{ reason: 'http-status', status: 429 }, 'http-4xx'],
    [{ reason: 'http-status', status: 503 }, 'http-5xx'],
    [{ reason: 'http-status', status: 302 }, 'http-other'],
    [{ reason: 'network', code: 'ENOTFOUND' }, 'dns'],
    [{ reason: 'network', code: 'EAI_AGAIN' }, 'dns'],
    [{ reason: 'network', code: 'CERT_HAS_EXPIRED' }, 'tls'],
    [{ reason: 'network', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'tls'],
    [{ reason: 'network', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }, 'tls'],
    [{ reason: 'network', code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, 'tls'],
    [{ reason: 'network', code: 'ECONNREFUSED' }, 'connection'],
    [{ reason: 'network', code: 'UND_ERR_SOCKET' }, 'connection'],
    [{ reason: 'network' }, 'connection'],
    [{ reason: 'timeout' }, 'timeout'],
    [{ reason: 'too-large', status: 200 }, 'too-large'],
    [{ reason: 'too-many-redirects', status: 301 }, 'too-many-redirects'],
    [{ reason: 'blocked-address' }, 'blocked-address'],
    [{ reason: 'bad-url' }, 'bad-url'],
    [{ reason: 'decode', status: 200 }, 'decode'],
  ] as const)('%j → %s', (failure, category) => {
    expect(fetchFailureCategory(failure)).toBe(category);
  });

  it("says 'unknown' for a failure stored before categories, and nothing for a success", () => {
    expect(storedCategory(undefined, 'fetch network: ECONNRESET: socket hang up')).toBe('unknown');
    expect(storedCategory(undefined, null)).toBeNull();
    expect(storedCategory('dns', 'fetch network: ENOTFOUND')).toBe('dns');
  });
});
