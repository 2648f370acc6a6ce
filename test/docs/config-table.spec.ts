import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigTable } from './config-table';

describe('the configuration table (docs/configuration.md)', () => {
  it('lists exactly the variables the configuration schemas validate (run `npm run docs:config` to refresh)', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../docs/configuration.md'), 'utf8');
    expect(readme).toContain(renderConfigTable());
  });
});
