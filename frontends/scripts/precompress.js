#!/usr/bin/env node
// Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every text asset of a built dist,
// once, at build time, so the gateway can send the smallest encoding the browser accepts without
// compressing on each request. A compressed copy that is not smaller than the original is not kept.
//   node frontends/scripts/precompress.js frontends/shell/dist [more dists…]
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

// The shell's server render (dist/server) runs in the gateway and is never sent to a browser.
const NOT_SENT = new Set(['server']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_SENT.has(entry.name)) yield* files(full);
    } else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let written = 0;
for (const dist of process.argv.slice(2)) {
  for (const file of files(dist)) {
    const source = fs.readFileSync(file);
    const variants = {
      '.br': zlib.brotliCompressSync(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      '.gz': zlib.gzipSync(source, { level: 9 }),
    };
    for (const [suffix, bytes] of Object.entries(variants)) {
      if (bytes.length < source.length) {
        fs.writeFileSync(file + suffix, bytes);
        written += 1;
      } else fs.rmSync(file + suffix, { force: true });
    }
  }
}
console.log(`precompressed: ${written} files`);
