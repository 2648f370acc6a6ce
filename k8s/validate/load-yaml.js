'use strict';
// YAML is parsed with the `yaml` or `js-yaml` package when node_modules has one, else with python3's yaml,
// so the checks run before `npm install` too.
const { execFileSync } = require('node:child_process');
const { ROOT, read } = require('./files');

function yamlParser() {
  for (const name of ['yaml', 'js-yaml']) {
    try {
      const lib = require(require.resolve(name, { paths: [ROOT] }));
      if (name === 'yaml') {
        return (text) =>
          lib.parseAllDocuments(text, { merge: true }).map((doc) => {
            if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
            return typeof doc.toJS === 'function' ? doc.toJS() : doc.toJSON();
          });
      }
      return (text) => lib.loadAll(text);
    } catch {
      // next
    }
  }
  return (text) => {
    const script = 'import sys, json, yaml\nprint(json.dumps(list(yaml.safe_load_all(sys.stdin.read()))))';
    const out = execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' });
    return JSON.parse(out);
  };
}

const parseAll = yamlParser();
/** The documents of a multi-document YAML text, empty ones left out. */
const parseDocs = (text) => parseAll(text).filter((doc) => doc != null);
const parseFile = (file) => parseDocs(read(file));

module.exports = { parseDocs, parseFile };
