import { startTs } from '../support/processes';

/**
 * A service started with a broken setting must stop at once with one line naming the variable, before
 * connecting to anything (an operator reads it in a crash-looping pod's log).
 */
describe('start-up configuration is validated', () => {
  const cases: Array<{ title: string; entry: string; env: Record<string, string>; variable: string }> = [
    {
      title: 'Kafka bus selected with no brokers',
      entry: 'services/content/src/main.ts',
      env: { BUS_DRIVER: 'kafka' },
      variable: 'KAFKA_BROKERS',
    },
    {
      title: 'unknown bus driver',
      entry: 'services/trending/src/main.ts',
      env: { BUS_DRIVER: 'rabbit' },
      variable: 'BUS_DRIVER',
    },
    {
      title: 'MongoDB store selected with no URL',
      entry: 'services/community/src/main.ts',
      env: { STORE_DRIVER: 'mongo' },
      variable: 'MONGO_URL',
    },
    {
      title: 'Redis cache selected with no URL',
      entry: 'services/trending/src/main.ts',
      env: { CACHE_DRIVER: 'redis' },
      variable: 'REDIS_URL',
    },
    {
      title: 'port out of range',
      entry: 'services/newsletter/src/main.ts',
      env: { PORT: '70000' },
      variable: 'PORT',
    },
    {
      title: 'gateway upstream URL not a URL',
      entry: 'gateway/src/main.ts',
      env: { CONTENT_URL: 'not a url' },
      variable: 'CONTENT_URL',
    },
  ];

  it.each(cases)(
    '$title → exits non-zero with one line naming $variable',
    async ({ entry, env, variable }) => {
      const started = startTs(entry, { PULSE_DATA_DIR: '/tmp/pulse-broken-config', ...env });
      const { code } = await started.exited;
      expect(code).not.toBe(0);
      const lines = started.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} — `));
    },
  );
});
