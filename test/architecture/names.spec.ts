import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');

/** One name per idea (CONTRIBUTING.md, house rules): a newcomer should not wonder whether two words differ. */
describe('names', () => {
  it('gives stored shapes one suffix, *.record.ts', () => {
    expect(tracked.filter((file) => file.endsWith('.entity.ts'))).toEqual([]);
  });
});
