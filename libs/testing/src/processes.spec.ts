import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTs } from './processes';

/** startTs runs an entry from the run's compiled build when one is named and holds it, else the source. */
describe('startTs', () => {
  let build: string;
  const before = process.env.PULSE_SERVER_BUILD;
  beforeAll(() => {
    build = mkdtempSync(path.join(os.tmpdir(), 'pulse-server-build-'));
    mkdirSync(path.join(build, 'libs/testing/src'), { recursive: true });
    writeFileSync(path.join(build, 'libs/testing/src/free-port.js'), "console.log('compiled copy');");
  });
  afterAll(() => {
    rmSync(build, { recursive: true, force: true });
    if (before === undefined) delete process.env.PULSE_SERVER_BUILD;
    else process.env.PULSE_SERVER_BUILD = before;
  });

  const run = async (entry: string) => {
    const started = startTs(entry, {});
    const { code } = await started.exited;
    return { code, output: started.output() };
  };

  it('starts the compiled file of the entry from PULSE_SERVER_BUILD', async () => {
    process.env.PULSE_SERVER_BUILD = build;
    expect(await run('libs/testing/src/free-port.ts')).toEqual({ code: 0, output: 'compiled copy\n' });
  });

  it('starts the source when the build does not hold the entry, or none is named', async () => {
    process.env.PULSE_SERVER_BUILD = build;
    // The sources only define functions and print nothing: they ran, not a copy.
    expect(await run('libs/testing/src/eventually.ts')).toEqual({ code: 0, output: '' });
    delete process.env.PULSE_SERVER_BUILD;
    expect(await run('libs/testing/src/free-port.ts')).toEqual({ code: 0, output: '' });
  });
});
