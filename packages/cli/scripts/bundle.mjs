// Bundles the CLI into one CommonJS file and records the building Node's V8 code cache for it
// (bin/logfilter.cjs loads both, and makes the cache of any other Node on its first run): one file
// to read and little to compile keep start-up close to a bare `node`. compile, check and fmt run
// from a second bundle of the language alone (dist/language.cjs), with the filter and input parts
// of core's message table (not its JSON part), and the plain `compile FILTER` and `check FILTER`
// lines from a third that holds no commander either (dist/plain.cjs). What most runs never use stays out of them:
// the language server is a bundle of its own (dist/lsp.cjs, read only by `logfilter lsp`), so is
// the WebSocket library (dist/ws.cjs, read only by `logfilter tail` and the emulator), and each
// dataset's catalog is a JSON file in dist/catalog, read when a command first uses that dataset (the
// default one is in the bundles already read).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { datasetFromFile, DEFAULT_DATASET, preparedFields } from '@logfilter/core';
import { catalogFolder, datasetFiles } from '../../core/scripts/gen-catalog.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// The catalog files beside the bundles, without the indentation (a third of each file, which every
// run that reads one would parse); the module that would inline all of them reads one when asked.
rmSync(join(dist, 'catalog'), { recursive: true, force: true });
mkdirSync(join(dist, 'catalog'));
const datasets = datasetFiles();
let defaultFile;
for (const { file, id } of datasets) {
  const read = JSON.parse(readFileSync(join(catalogFolder, file), 'utf8'));
  writeFileSync(join(dist, 'catalog', file), JSON.stringify(read));
  if (id === DEFAULT_DATASET) defaultFile = read;
}
// The default dataset (the one a plain `logfilter compile FILTER` uses) is held in the bundles
// already read: its fields as core's readDataset makes them, in one text (core's preparedFields)
// from which a field is read when first asked for (core's Dataset.prepared), so that a run neither
// reads the file nor makes a hundred fields to use three. `--catalog` with the same file gives the
// same dataset (test/cli/bundle.test.ts).
const defaultDataset = datasetFromFile(defaultFile, DEFAULT_DATASET);
const readyDefault = `() => Dataset.prepared(${[defaultDataset.name, defaultDataset.scope, preparedFields(defaultDataset.fields), defaultDataset.id]
  .map((value) => JSON.stringify(value))
  .join(', ')})`;
const catalogIndex = [
  "import { Dataset } from './catalog.js';",
  "const { readFileSync } = require('node:fs');",
  "const { join } = require('node:path');",
  "const read = (file) => () => JSON.parse(readFileSync(join(__dirname, 'catalog', file), 'utf8'));",
  `export const BUILTIN_DATASETS = [${datasets.map(({ file, id }) => `[${JSON.stringify(id)}, ${id === DEFAULT_DATASET ? readyDefault : `read(${JSON.stringify(file)})`}]`).join(', ')}];`,
].join('\n');
const catalogPerDataset = {
  name: 'catalog-per-dataset',
  setup(build) {
    build.onLoad({ filter: /[\\/]language[\\/]builtin-datasets\.js$/ }, (args) => ({ contents: catalogIndex, loader: 'js', resolveDir: dirname(args.path) }));
  },
};

// `logfilter lsp` requires the server's bundle (@logfilter/language-server) at run time instead of carrying it.
const lspApart = {
  name: 'lsp-apart',
  setup(build) {
    build.onResolve({ filter: /^@logfilter\/language-server$/ }, () => ({ path: './lsp.cjs', external: true }));
  },
};

// Commander requires child_process for subcommands run as separate programs, which logfilter has
// none of; loading it costs every run several milliseconds, so it is required only if touched.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'lazy' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
      loader: 'js',
    }));
  },
};

// The versions, from package.json, written into the bundles (each src/version.ts reads the file
// otherwise): the CLI's and the language server's.
const languageServer = join(root, '..', 'language-server');
const versions = new Map(
  [root, languageServer].map((folder) => [join(folder, 'dist', 'version.js'), JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version]),
);
const inlineVersion = {
  name: 'inline-version',
  setup(build) {
    build.onLoad({ filter: /[\\/]version\.js$/ }, (args) => {
      const version = versions.get(args.path);
      return version === undefined ? undefined : { contents: `export const version = () => ${JSON.stringify(version)};`, loader: 'js' };
    });
  },
};
// `logfilter test`'s worker threads run a bundle of their own (dist/test-worker.cjs), found beside the CLI's.
const testWorkerApart = {
  name: 'test-worker-apart',
  setup(build) {
    build.onLoad({ filter: /[\\/]engines[\\/]worker-file\.js$/ }, () => ({
      contents: "import { join } from 'node:path';\nexport const workerFile = join(__dirname, 'test-worker.cjs');",
      loader: 'js',
    }));
  },
};
// `ws` (for Instant Logs) is required from its own bundle when a connection is first made.
const wsApart = {
  name: 'ws-apart',
  setup(build) {
    build.onResolve({ filter: /^ws$/ }, () => ({ path: './ws.cjs', external: true }));
  },
};

// The commands bin/logfilter.cjs runs from dist/language.cjs: the language alone (core, commander
// and these commands' modules), about half the full bundle to read and to set up. A run names one
// command (src/main.ts defines only that one), so every other command module is left out: its
// register function is a stub that is never called there. bin/logfilter.cjs finds the command word
// as main.ts does; the globals that take a value are checked against main.ts's below. So is what
// compile and check do beyond filter text (commands/compile-extras.js: Terraform, filter JSON, the
// solver, -o hcl), whose functions are stubs there too: bin/logfilter.cjs runs a line that asks for
// it (the words are checked against the module's below) from the full bundle.
export const LANGUAGE_COMMANDS = ['compile', 'check', 'fmt'];
const LANGUAGE_MODULES = new Set(['compile', 'fmt']);
const extrasFile = join(dist, 'commands', 'compile-extras.js');
const extras = await import(pathToFileURL(extrasFile).href);
const EXTRAS = Object.entries(extras)
  .filter(([, value]) => typeof value === 'function')
  .map(([name]) => name);
const stub = (names, what) => {
  const message = `logfilter: internal error: ${what} is not in the language bundle`;
  return names.map((name) => `export const ${name} = () => { throw new Error(${JSON.stringify(message)}); };`).join('\n');
};
const languageOnly = {
  name: 'language-only',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/[a-z-]+\.js$/ }, (args) => {
      const name = /([a-z-]+)\.js$/.exec(args.path)[1];
      if (!/[\\/]main\.js$/.test(args.importer) || LANGUAGE_MODULES.has(name)) return undefined;
      return { path: name, namespace: 'command-stub' };
    });
    build.onLoad({ filter: /.*/, namespace: 'command-stub' }, (args) => {
      const register = `register${args.path.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase())}`;
      return { contents: stub([register], `the ${args.path} command`), loader: 'js' };
    });
    build.onResolve({ filter: /^\.\/compile-extras\.js$/ }, (args) =>
      /[\\/]compile(-run)?\.js$/.test(args.importer) ? { path: 'extras', namespace: 'extras-stub' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'extras-stub' }, () => ({ contents: stub(EXTRAS, 'what compile and check do beyond filter text'), loader: 'js' }));
  },
};
const mainSource = readFileSync(join(dist, 'main.js'), 'utf8');
const binSource = readFileSync(join(root, 'bin/logfilter.cjs'), 'utf8');
const globalsOf = (text, what) => {
  const found = /GLOBALS_WITH_VALUE = new Set\((\[[^\]]*\])\)/.exec(text);
  if (!found) throw new Error(`bundle: no GLOBALS_WITH_VALUE in ${what}`);
  return JSON.stringify(JSON.parse(found[1].replaceAll("'", '"')).sort());
};
if (globalsOf(mainSource, 'dist/main.js') !== globalsOf(binSource, 'bin/logfilter.cjs')) {
  throw new Error('bundle: bin/logfilter.cjs and src/main.ts disagree on the global options that take a value (GLOBALS_WITH_VALUE)');
}
const fullBundleWords = (text, what) => {
  const found = /FULL_BUNDLE_WORDS = (\[[^\]]*\])/.exec(text);
  if (!found) throw new Error(`bundle: no FULL_BUNDLE_WORDS in ${what}`);
  return JSON.stringify(JSON.parse(found[1].replaceAll("'", '"')).sort());
};
if (JSON.stringify([...extras.FULL_BUNDLE_WORDS].sort()) !== fullBundleWords(binSource, 'bin/logfilter.cjs')) {
  throw new Error('bundle: bin/logfilter.cjs and src/commands/compile-extras.ts disagree on the words run from the full bundle (FULL_BUNDLE_WORDS)');
}
if (!binSource.includes(`LANGUAGE_COMMANDS = new Set([${LANGUAGE_COMMANDS.map((word) => `'${word}'`).join(', ')}])`)) {
  throw new Error(`bundle: bin/logfilter.cjs must run ${LANGUAGE_COMMANDS.join(', ')} from dist/language.cjs`);
}
const wsEntry = createRequire(join(root, '../api/package.json')).resolve('ws');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // A native library: loaded from node_modules, and only by the command that needs it. ws's optional
  // native helpers are tried (in a try block) at run time; without them ws uses its JavaScript code.
  external: ['z3-solver', 'bufferutil', 'utf-8-validate'],
  // import() would not run inside the code-cached script bin/logfilter.cjs makes: require instead.
  supported: { 'dynamic-import': false },
};
// The three bundles bin/logfilter.cjs runs hold the function it calls (Node's module wrapper, written
// around the bundle): V8 takes the file's text as it is read, where a wrapper added at run time
// would be a second copy of the whole text to make on every start. The wrapper is followed by the
// bundle's build id, a hash of its text, which names its code caches: V8 takes a cache for any text
// of the length it was made for, so a cache named by length alone (left in the user's cache folder
// by an earlier release) could run that release's code. The language and plain bundles leave out
// every command but theirs (languageOnly).
const WRAPPER = '(function (exports, require, module, __filename, __dirname) {/*build:';
const BUILD_ID = 'x'.repeat(16);
if (!binSource.includes(`const WRAPPER = '${WRAPPER}';`) || !binSource.includes(`BUILD_ID_LENGTH = ${BUILD_ID.length};`)) {
  throw new Error('bundle: bin/logfilter.cjs must read the build id after the wrapper this script writes (WRAPPER, BUILD_ID_LENGTH)');
}
const binBundle = async (entry, file, plugins) => {
  const built = await build({
    ...common,
    banner: { js: `${WRAPPER}${BUILD_ID}*/` },
    footer: { js: '\n})' },
    entryPoints: [join(dist, entry)],
    outfile: join(dist, file),
    write: false,
    plugins: [catalogPerDataset, ...plugins, lspApart, lazyChildProcess, wsApart, inlineVersion, testWorkerApart],
  });
  const made = built.outputFiles[0].text;
  const text = made.replace(BUILD_ID, createHash('sha256').update(made).digest('hex').slice(0, BUILD_ID.length));
  writeFileSync(join(dist, file), text);
  return text;
};
await binBundle('bin.js', 'logfilter.cjs', []);
const languageText = await binBundle('bin.js', 'language.cjs', [languageOnly]);
// The plain `compile FILTER` and `check FILTER` lines (src/plain-line.ts) run from a bundle of their
// own: compile's and check's actions with the language, and no commander. The bin's list of their
// commands is checked against the module's.
const { PLAIN_LINE_OPTIONS } = await import(pathToFileURL(join(dist, 'plain-line.js')).href);
if (
  !binSource.includes(
    `PLAIN_COMMANDS = new Set([${Object.keys(PLAIN_LINE_OPTIONS.commands)
      .map((word) => `'${word}'`)
      .join(', ')}])`,
  )
) {
  throw new Error('bundle: bin/logfilter.cjs and src/plain-line.ts disagree on the commands of the plain lines (PLAIN_COMMANDS)');
}
const plainText = await binBundle('bin-plain.js', 'plain.cjs', [languageOnly]);
// What the language and plain bundles may hold. A dynamic import() on compile's path makes esbuild
// wrap the modules it reaches in lazy initialisers (__esm), which costs every compile's start-up
// (about 5 M instructions, a larger code cache): they must have none. bin/logfilter.cjs gives them
// its own require, so they may require Node's own modules alone. The plain bundle holds no commander.
for (const [file, text] of [
  ['language.cjs', languageText],
  ['plain.cjs', plainText],
]) {
  if (text.includes('__esm(')) {
    throw new Error(`bundle: dist/${file} has lazily initialised modules (__esm): import statically on the path of compile, check and fmt`);
  }
  const other = [...text.matchAll(/\brequire\(([^)]*)\)/g)].map((match) => match[1]).filter((name) => !/^"node:[a-z_/]+"$/.test(name));
  if (other.length > 0) throw new Error(`bundle: dist/${file} requires ${other.join(', ')}: it may require Node's own modules alone (node:...)`);
  if (file === 'plain.cjs' && text.includes('commander')) {
    throw new Error('bundle: dist/plain.cjs holds commander: the modules src/plain-line.ts imports must not import it');
  }
}
await build({ ...common, entryPoints: [join(dist, 'engines/worker.js')], outfile: join(dist, 'test-worker.cjs'), plugins: [catalogPerDataset, inlineVersion] });
await build({
  ...common,
  entryPoints: [join(languageServer, 'dist', 'index.js')],
  outfile: join(dist, 'lsp.cjs'),
  plugins: [catalogPerDataset, inlineVersion],
});
await build({ ...common, entryPoints: [wsEntry], outfile: join(dist, 'ws.cjs') });

// The building Node's code cache (bin/logfilter.cjs writes it when a run finds none), taken after
// the run and the bundle's warm-up (src/warm-up.ts), as a user's first run takes it; caches of
// earlier bundles go first.
for (const file of readdirSync(dist)) if (/^(logfilter|language|plain)\.cjs\..*cache$/.test(file)) rmSync(join(dist, file), { force: true });
// A plain compile makes the plain bundle's cache; a compile with an option the language bundle's;
// a command outside it (with the language too) the full one's.
for (const args of [
  ['compile', 'ClientCountry in (us,ca) AND BotScore lt 30'],
  ['compile', '-o', 'pretty', 'ClientCountry in (us,ca) AND BotScore lt 30'],
  ['sql', '--dialect', 'duckdb', 'ClientCountry in (us,ca) AND BotScore lt 30'],
]) {
  const run = spawnSync(process.execPath, [join(root, 'bin/logfilter.cjs'), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`making the code cache failed: logfilter ${args[0]} exited ${run.status}`);
}
