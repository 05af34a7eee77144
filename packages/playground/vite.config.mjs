// The playground builds to a static folder that works offline: every module is bundled, no CDN.
// Each dataset's catalog is a file of its own, fetched when the page first uses that dataset.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { datasetFiles } from '../core/scripts/gen-catalog.mjs';
import { ISOLATION_HEADERS } from './scripts/serve.mjs';

const BUILTIN = '\0logfilter:builtin-datasets';

/**
 * Core's index of the built-in catalog (which would bundle all 38 files) becomes this module: the
 * same entries, each reading a file the page has loaded with `loadDataset` (from
 * `logfilter:builtin-datasets`), which imports it as a chunk of its own.
 */
const catalogPerDataset = {
  name: 'catalog-per-dataset',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'logfilter:builtin-datasets') return BUILTIN;
    if (/(^|\/)builtin-datasets\.js$/.test(source) && importer && /[\\/]core[\\/]dist[\\/]/.test(importer)) return BUILTIN;
    return undefined;
  },
  load(id) {
    if (id !== BUILTIN) return undefined;
    const entries = datasetFiles().map(({ file, id }) => `  ${JSON.stringify(id)}: () => import('@logfilter/core/catalog/${file}'),`);
    return [
      `const files = {\n${entries.join('\n')}\n};`,
      'const loaded = new Map();',
      '/** Fetches the catalog file of dataset `id` (an unknown id is left to the catalog to report). */',
      'export async function loadDataset(id) {',
      '  if (!loaded.has(id) && files[id]) loaded.set(id, (await files[id]()).default);',
      '}',
      'export const BUILTIN_DATASETS = Object.keys(files).map((id) => [id, () => {',
      '  const file = loaded.get(id);',
      "  if (!file) throw new Error('the catalog of ' + id + ' is not loaded: await loadDataset(' + JSON.stringify(id) + ') first');",
      '  return file;',
      '}]);',
    ].join('\n');
  },
};

/** z3-solver's WebAssembly build: where the compare pane finds it (loaded as a script, not bundled). */
const Z3_DIR = dirname(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.js'));
const Z3_FILES = ['z3-built.js', 'z3-built.wasm'];

/**
 * z3-solver in a browser needs its Emscripten build as files of their own, as its documentation
 * says: `z3-built.js` run as a classic script (it defines `initZ3`, and Z3's worker threads load the
 * same script by its address) and `z3-built.wasm` beside it. The build copies both to `z3/`; the dev
 * server serves them from node_modules at the same address.
 */
const z3Files = {
  name: 'z3-files',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const name = /^\/z3\/(z3-built\.(?:js|wasm))$/.exec(request.url?.split('?')[0] ?? '')?.[1];
      if (!name) return next();
      response.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
      // Z3's worker threads run this script: a worker is isolated only if its own script says so.
      for (const [header, value] of Object.entries(ISOLATION_HEADERS)) response.setHeader(header, value);
      response.end(readFileSync(join(Z3_DIR, name)));
    });
  },
  generateBundle() {
    for (const name of Z3_FILES) this.emitFile({ type: 'asset', fileName: `z3/${name}`, source: readFileSync(join(Z3_DIR, name)) });
  },
};

let firstPaint;

/**
 * The modules the page's entry imports statically, directly or not: what the first paint loads.
 * An import of a barrel (a module of `export { ... } from` lines alone, as core's index) reaches only
 * the modules that define the names imported: following the whole barrel would put in the first
 * script what only a pane loaded later uses (the compare pane's SQL, the decompile pane's reader).
 */
function staticClosure(getModuleIds, getModuleInfo) {
  const found = new Set();
  const queue = [...getModuleIds()].filter((id) => getModuleInfo(id)?.isEntry);
  while (queue.length > 0) {
    const id = queue.pop();
    if (found.has(id)) continue;
    found.add(id);
    const info = getModuleInfo(id);
    if (!info) continue;
    const sources = staticSources(info);
    for (const [index, imported] of info.importedIds.entries()) {
      const names = sources?.[index]?.names;
      const barrel = names ? barrelExports(getModuleInfo(imported)) : undefined;
      if (barrel && names.every((name) => barrel.has(name))) queue.push(...names.map((name) => barrel.get(name)));
      else queue.push(imported);
    }
  }
  return found;
}

/**
 * The static import and re-export declarations of a module, one per source in the order Rollup
 * lists `importedIds`, each with the names it imports (undefined for a namespace, a default or a
 * bare import); undefined when the two lists do not line up.
 */
function staticSources(info) {
  if (!info.ast) return undefined;
  const bySource = new Map();
  for (const node of info.ast.body) {
    if (!['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type) || !node.source) continue;
    const named =
      node.type !== 'ExportAllDeclaration' &&
      node.specifiers.length > 0 &&
      node.specifiers.every((s) => s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier');
    const names = named ? node.specifiers.map((s) => (s.type === 'ImportSpecifier' ? s.imported : s.local).name) : undefined;
    // Two declarations of one source: the names of both, or every name if either takes them all.
    const seen = bySource.get(node.source.value);
    const all = names === undefined || (seen !== undefined && seen.names === undefined);
    bySource.set(node.source.value, { names: all ? undefined : [...(seen?.names ?? []), ...names] });
  }
  const sources = [...bySource.values()];
  return sources.length === info.importedIds.length ? sources : undefined;
}

/** What a side-effect-free barrel exports, name by name: the module each comes from; undefined for any other module. */
function barrelExports(info) {
  if (!info?.ast || info.moduleSideEffects !== false) return undefined;
  const body = info.ast.body;
  if (body.length === 0 || !body.every((node) => node.type === 'ExportNamedDeclaration' && node.source)) return undefined;
  const sources = staticSources(info);
  if (!sources) return undefined;
  const order = [...new Set(body.map((node) => node.source.value))];
  const exported = new Map();
  for (const node of body) {
    const from = info.importedIds[order.indexOf(node.source.value)];
    for (const specifier of node.specifiers) exported.set(specifier.exported.name, from);
  }
  return exported;
}

export default defineConfig({
  base: './',
  plugins: [catalogPerDataset, z3Files],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // terser makes the first script 3% smaller than esbuild's minifier (4 KB gzip), for 6 s of build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    reportCompressedSize: true,
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      output: {
        // One script for the first paint, as before the compare pane: Rollup would otherwise split
        // what the page and the panes share into a chunk of its own (a second request, and worse
        // compression). What the page imports statically is one chunk; the panes, the solver,
        // z3-solver and each dataset's catalog, imported dynamically, stay chunks of their own.
        // Only the modules named here are in it: by default Rollup would add every module they
        // import, core's index among them, and so all of core that any pane uses.
        onlyExplicitManualChunks: true,
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          firstPaint ??= staticClosure(getModuleIds, getModuleInfo);
          return firstPaint.has(id) ? 'index' : undefined;
        },
      },
    },
  },
  // Cross-origin isolation, so that Z3's threads get SharedArrayBuffer (see scripts/serve.mjs).
  server: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
});
