import { nextThemeChoice, THEME_HEAD_SCRIPT, THEME_STORAGE_KEY, themeChoiceOf } from './site-theme';

/** Runs the head script as a browser would, against this storage; returns what it put on <html>. */
function runHeadScript(storage: { getItem(key: string): string | null }): Record<string, string> {
  const attributes: Record<string, string> = {};
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
  };
  new Function('localStorage', 'document', THEME_HEAD_SCRIPT)(storage, document);
  return attributes;
}

const stored = (value: string | null) => ({
  getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null),
});

describe('the reader’s theme', () => {
  it('cycles 시스템 → 라이트 → 다크 → 시스템', () => {
    expect(nextThemeChoice('system')).toBe('light');
    expect(nextThemeChoice('light')).toBe('dark');
    expect(nextThemeChoice('dark')).toBe('system');
  });

  it('reads anything but light or dark as the system’s', () => {
    expect(themeChoiceOf('light')).toBe('light');
    expect(themeChoiceOf('dark')).toBe('dark');
    for (const other of [null, undefined, '', 'system', 'DARK', 'sepia'])
      expect(themeChoiceOf(other)).toBe('system');
  });

  it('has the head script put the stored choice on <html>, and the system’s for anything else', () => {
    expect(runHeadScript(stored('dark'))).toEqual({ 'data-theme': 'dark' });
    expect(runHeadScript(stored('light'))).toEqual({ 'data-theme': 'light' });
    expect(runHeadScript(stored(null))).toEqual({ 'data-theme': 'system' });
    expect(runHeadScript(stored('<script>'))).toEqual({ 'data-theme': 'system' });
  });

  it('has the head script never throw when storage is refused (a private window, a sandboxed frame)', () => {
    const refused = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
    };
    expect(runHeadScript(refused)).toEqual({ 'data-theme': 'system' });
  });

  it('keeps the head script small and free of anything that could close its element', () => {
    expect(THEME_HEAD_SCRIPT).not.toMatch(/<\/|<!--/);
    expect(Buffer.byteLength(THEME_HEAD_SCRIPT)).toBeLessThan(300);
  });
});
