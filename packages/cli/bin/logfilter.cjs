#!/usr/bin/env node
'use strict';
// Runs the bundled CLI through V8's code cache: compiling the bundle is most of a short run's
// start-up. V8 takes a cache only from the same Node version (and a text of the same length), so the
// cache is made for the Node that runs it: named by its version and the bundle's build id, it is
// written when the first run exits (and again when V8 rejects it), beside the bundle or, if that
// folder is read-only, in the user's cache folder. `pnpm run build` makes the building Node's; the
// published package ships none.
//
// Each of Node's functions a run calls for the first time is compiled then, from its source: those
// this file called were a third of what it adds to Node's own start. So it calls few: Node's modules
// come from process.getBuiltinModule (require would also build each one's ES module face), paths
// are joined as strings (path.join would normalise them), and a cache is read with readvSync. The
// top level is what a plain compile needs; the rest is in the functions below it.
if (typeof process.getBuiltinModule !== 'function') {
  // Node.js before 20.16 (package.json's engines asks for 20.19): a line saying so, not a TypeError.
  process.stderr.write(`logfilter: needs Node.js 20.19 or later; this is Node.js ${process.version}\n`);
  process.exit(2);
}
const { closeSync, openSync, readFileSync, readvSync } = process.getBuiltinModule('node:fs');
const { sep } = process.getBuiltinModule('node:path');

// This file is bin/logfilter.cjs (Node gives a linked bin's real place): the bundles are in ../dist.
const dist = `${__dirname.slice(0, __dirname.lastIndexOf(sep))}${sep}dist`;
// The plain `compile FILTER` and `check FILTER` lines (one word after the command, not an option:
// src/plain-line.ts) have nothing to parse: they run from dist/plain.cjs, which holds no commander.
const PLAIN_COMMANDS = new Set(['compile', 'check']);
const plainLine = process.argv.length === 4 && PLAIN_COMMANDS.has(process.argv[2]) && !process.argv[3].startsWith('-');
const bundleName = plainLine ? 'plain.cjs' : otherBundle();
const bundle = `${dist}${sep}${bundleName}`;
const source = readFileSync(bundle, 'utf8');
// A cache is named by the bundle's build id, the hash of its text written after the wrapper
// (scripts/bundle.mjs): V8 takes a cache for any text of the length it was made for.
const WRAPPER = '(function (exports, require, module, __filename, __dirname) {/*build:';
const BUILD_ID_LENGTH = 16;
const name = `${bundleName}.${process.version}-${process.arch}-${source.slice(WRAPPER.length, WRAPPER.length + BUILD_ID_LENGTH)}.cache`;
// A cache is read in one read into a buffer larger than any cache of the bundle (V8's are about 1.3
// times its text): readFileSync would first stat the file and size its buffer, and the first use of
// each of the functions it calls costs more than the read itself (about a third of it). readvSync
// calls two of Node's functions where readSync calls five. (This is the top level's, not a
// function's: a function is compiled a second time when first called.)
let cachedData;
for (const folder of [dist, undefined]) {
  const file = `${folder ?? userCacheFolder()}${sep}${name}`;
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch {
    continue;
  }
  try {
    const buffer = new Uint8Array(source.length * 4);
    const size = readvSync(fd, [buffer], 0);
    cachedData = size < buffer.length ? buffer.subarray(0, size) : readFileSync(file);
    break;
  } catch {
    // Not readable: the user's folder, or no cache.
  } finally {
    closeSync(fd);
  }
}
// The bundle is one function expression, Node's module wrapper (scripts/bundle.mjs writes it so).
const script = new (process.getBuiltinModule('node:vm').Script)(source, { filename: bundle, cachedData });
if (cachedData === undefined || script.cachedDataRejected) writeCacheAtExit();
const module_ = { exports: {} };
// The full bundle's own require: it loads dist/lsp.cjs and dist/ws.cjs beside itself. createRequire
// is taken from this module's constructor (the Module class that node:module exports): requiring
// node:module itself loads its ES module and source map parts, about a tenth of a compile's start-up.
// The language and plain bundles require Node's own modules alone, which getBuiltinModule gives (and
// this module's require anything else).
const bundleRequire = bundleName === 'logfilter.cjs' ? module.constructor.createRequire(bundle) : (id) => process.getBuiltinModule(id) ?? require(id);
script.runInThisContext()(module_.exports, bundleRequire, module_, bundle, dist);

// compile, check and fmt need the language alone: dist/language.cjs holds it and those commands,
// about half of the full bundle. The command word is found as src/main.ts finds it (the first word
// that is not a global option or the value of one); scripts/bundle.mjs checks the two lists agree.
// A line that asks them for more than the language (check's Terraform input, filter JSON or solver,
// compile's -o hcl: src/commands/compile-extras.ts) runs from the full bundle: the language bundle
// leaves that out. A word is matched loosely: a filter that merely holds one runs there too, alike.
function otherBundle() {
  const LANGUAGE_COMMANDS = new Set(['compile', 'check', 'fmt']);
  const GLOBALS_WITH_VALUE = new Set(['--catalog', '--base-url', '--product-segment', '--docs-url']);
  const FULL_BUNDLE_WORDS = ['--terraform', '--terraform-plan', '--from-json', '--deep', 'hcl'];
  const argv = process.argv;
  let command;
  for (let i = 2; i < argv.length && command === undefined; i++) {
    if (GLOBALS_WITH_VALUE.has(argv[i])) i++;
    else if (!argv[i].startsWith('-')) command = argv[i];
  }
  const asksForMore = argv.some((word, i) => i >= 2 && FULL_BUNDLE_WORDS.some((asked) => word.includes(asked)));
  // `--version` alone defines no command (src/main.ts): the language bundle answers it as the full one does.
  const versionAlone = argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V');
  return versionAlone || (LANGUAGE_COMMANDS.has(command) && !asksForMore) ? 'language.cjs' : 'logfilter.cjs';
}

function userCacheFolder() {
  const { join } = process.getBuiltinModule('node:path');
  const base =
    process.env.XDG_CACHE_HOME ||
    (process.platform === 'win32' ? process.env.LOCALAPPDATA : '') ||
    join(process.getBuiltinModule('node:os').homedir(), '.cache');
  return join(base, 'logfilter');
}

// Taken at exit, so that it holds what this run compiled, and what the bundle's warm-up (src/warm-up.ts)
// compiled once the run's own work was done: without it, the cache would hold what this run's line
// happened to need, and lack the rest for every run after. A run that ends the process itself (a
// server, on a second Ctrl-C) has no warm-up. Written whole, then renamed into place.
function writeCacheAtExit() {
  process.once('beforeExit', () => {
    const warmUp = module_.exports.warmUpCodeCache;
    if (typeof warmUp === 'function')
      Promise.resolve()
        .then(warmUp)
        .catch(() => {});
  });
  process.on('exit', () => {
    const { mkdirSync, renameSync, writeFileSync } = process.getBuiltinModule('node:fs');
    let data;
    try {
      data = script.createCachedData();
    } catch {
      return;
    }
    for (const folder of [() => dist, userCacheFolder]) {
      try {
        const dir = folder();
        const place = `${dir}${sep}${name}`;
        mkdirSync(dir, { recursive: true });
        writeFileSync(`${place}.${process.pid}.tmp`, data);
        renameSync(`${place}.${process.pid}.tmp`, place);
        return;
      } catch {
        // A read-only folder: try the next one, or run without a cache.
      }
    }
  });
}
