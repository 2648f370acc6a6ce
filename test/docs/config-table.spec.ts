import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigTable } from './config-table';

describe('README configuration table', () => {
  it('lists exactly the variables the configuration schemas validate (run `npm run docs:config` to refresh)', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    expect(readme).toContain(renderConfigTable());
  });
});
