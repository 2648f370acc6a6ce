import { withoutSecrets } from './without-secrets';

describe('withoutSecrets', () => {
  it('leaves out every secret-named field at any depth, arrays included, and keeps the rest', () => {
    const stored = withoutSecrets({
      name: 'editor-kim',
      password: 'hunter2-hunter2',
      passwordHash: '$argon2id$…',
      totp: '123456',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      role: 'editor',
      session: { csrfToken: 'abc', sid: 's-1', Authorization: 'Bearer x' },
      feeds: [{ url: 'https://example.com/rss', apiToken: 't' }],
      passphrase: 'a long one',
      count: 3,
      paused: false,
      note: null,
    });
    expect(stored).toEqual({
      name: 'editor-kim',
      role: 'editor',
      session: { sid: 's-1' },
      feeds: [{ url: 'https://example.com/rss' }],
      count: 3,
      paused: false,
      note: null,
    });
  });

  it('passes plain values through and stops very deep nesting', () => {
    expect(withoutSecrets('text')).toBe('text');
    expect(withoutSecrets(null)).toBeNull();
    let deep: unknown = { leaf: true };
    for (let level = 0; level < 12; level += 1) deep = { next: deep };
    expect(JSON.stringify(withoutSecrets(deep))).toContain('"…"');
  });
});
