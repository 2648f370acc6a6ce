import { remembered } from './remembered';

describe('remembered', () => {
  it('works a string out once while it is remembered, and gives the same answer', () => {
    const asked: string[] = [];
    const length = remembered((key) => {
      asked.push(key);
      return { length: key.length };
    });
    const first = length('/api/articles/a1');
    expect(length('/api/articles/a1')).toBe(first);
    expect(length('/api/articles/b22')).toEqual({ length: 17 });
    expect(asked).toEqual(['/api/articles/a1', '/api/articles/b22']);
  });

  it('holds at most maxEntries strings, starting afresh when full, and never a long one', () => {
    const asked: string[] = [];
    const echo = remembered(
      (key) => {
        asked.push(key);
        return key;
      },
      { maxEntries: 2, maxKeyLength: 8 },
    );
    for (const key of ['a', 'b', 'a', 'b']) echo(key);
    expect(asked).toEqual(['a', 'b']);
    echo('c'); // full: forgets a and b, holds c
    echo('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
    echo('123456789');
    echo('123456789');
    expect(asked.filter((key) => key === '123456789')).toHaveLength(2);
  });

  it('remembers an undefined answer too', () => {
    let calls = 0;
    const none = remembered(() => {
      calls += 1;
      return undefined;
    });
    none('/x');
    none('/x');
    expect(calls).toBe(1);
  });
});
