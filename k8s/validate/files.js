'use strict';
// Every path the checks name is relative to the repository root, so a scratch copy of the repository
// checks itself.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file) => fs.existsSync(path.join(ROOT, file));
const list = (dir, options) => fs.readdirSync(path.join(ROOT, dir), options);

module.exports = { ROOT, read, exists, list };
