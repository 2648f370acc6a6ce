import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { durationMs, interpolate, loadCompose, parseDotEnv } from './compose-file';

/** The compose file as `docker compose` reads it: interpolation, merge keys, forms of each field. */
describe('compose-file', () => {
  const run = (value: string, env: Record<string, string>) => {
    const errors: string[] = [];
    const unset = new Set<string>();
    return { value: interpolate(value, env, errors, unset), errors, unset: [...unset] };
  };

  it('interpolates as compose does: defaults for unset or empty, alternatives, $$ and bare names', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(run('${SET:-d}|${EMPTY:-d}|${NONE:-d}', env).value).toBe('x|d|d');
    expect(run('${SET-d}|${EMPTY-d}|${NONE-d}', env).value).toBe('x||d');
    expect(run('${SET:+alt}|${EMPTY:+alt}|${EMPTY+alt}|${NONE+alt}', env).value).toBe('alt||alt|');
    expect(run('$$SET costs $SET', env).value).toBe('$SET costs x');
    expect(run('${NONE}', env)).toEqual({ value: '', errors: [], unset: ['NONE'] });
  });

  it('refuses a `:?` variable unset or empty and a `?` one unset, naming each with its message', () => {
    const env = { EMPTY: '' };
    expect(run('${EMPTY:?fill it}|${NONE?needed}|${EMPTY?fine}', env).errors).toEqual([
      'EMPTY: fill it',
      'NONE: needed',
    ]);
  });

  it('reads durations, .env lines and a file with anchors, merge keys and both environment forms', () => {
    expect(durationMs('1m30s', 0)).toBe(90_000);
    expect(durationMs(undefined, 7)).toBe(7);
    expect(() => durationMs('10', 0)).toThrow(/not a duration/);
    expect(parseDotEnv('# comment\nA=1\nB="two words"\n\nC=\n')).toEqual({ A: '1', B: 'two words', C: '' });

    const dir = mkdtempSync(path.join(tmpdir(), 'compose-file-'));
    try {
      writeFileSync(path.join(dir, 'extra.env'), 'FROM_FILE=1\nOVERRIDDEN=file\n');
      writeFileSync(
        path.join(dir, 'compose.yml'),
        [
          'x-env: &env',
          '  SHARED: ${TAG:-dev}',
          'services:',
          '  app:',
          '    build: { context: ., args: { PORT: 3000 } }',
          '    env_file: extra.env',
          '    environment:',
          '      <<: *env',
          '      OVERRIDDEN: environment',
          '      PASSED:',
          '      ABSENT:',
          "    ports: ['${PORT:-8080}:3000']",
          '    depends_on: [db]',
          '    networks: { back: { aliases: [api] } }',
          '  db:',
          '    image: redis:7',
          '    command: redis-server --requirepass ${PASSWORD:?set PASSWORD}',
          "    healthcheck: { test: 'redis-cli ping', interval: 2s, retries: 5 }",
          '    environment: [A=1, PASSED]',
          '    networks: [back]',
          '',
        ].join('\n'),
      );
      expect(() => loadCompose(path.join(dir, 'compose.yml'), {})).toThrow(/PASSWORD: set PASSWORD/);
      const project = loadCompose(path.join(dir, 'compose.yml'), { PASSWORD: 'pw', PASSED: 'yes' });
      const [app, db] = project.services;
      expect(app.environment).toEqual({
        FROM_FILE: '1',
        OVERRIDDEN: 'environment',
        SHARED: 'dev',
        PASSED: 'yes',
      });
      expect(app.build?.args).toEqual({ PORT: '3000' });
      expect(app.ports).toEqual([{ hostIp: '0.0.0.0', published: 8080, target: 3000 }]);
      expect(app.dependsOn).toEqual([{ service: 'db', condition: 'service_started' }]);
      expect(app.networks).toEqual({ back: ['api'] });
      expect(db.command).toEqual(['redis-server', '--requirepass', 'pw']);
      expect(db.environment).toEqual({ A: '1', PASSED: 'yes' });
      expect(db.healthcheck).toMatchObject({
        test: ['/bin/sh', '-c', 'redis-cli ping'],
        intervalMs: 2000,
        retries: 5,
      });
      expect(project.name).toBe(path.basename(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
