#!/usr/bin/env node
'use strict';
// Runs the bundled CLI through V8's code cache, made at build time: compiling the bundle is most of
// a short run's start-up. A cache from another Node version is rejected by V8 and simply not used.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { createRequire } = require('node:module');
const { Script } = require('node:vm');

const bundle = join(__dirname, '..', 'dist', 'logfilter.cjs');
const cacheFile = `${bundle}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const source = readFileSync(bundle, 'utf8');
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  cachedData,
});
const module_ = { exports: {} };
// The bundle's own require: it loads dist/lsp.cjs beside itself.
script.runInThisContext()(module_.exports, createRequire(bundle), module_, bundle, join(__dirname, '..', 'dist'));

if (process.env.LOGFILTER_WRITE_CODE_CACHE === '1') {
  process.on('exit', () => writeFileSync(cacheFile, script.createCachedData()));
}
