// The playground builds to a static folder that works offline: every module is bundled, no CDN.
// Each dataset's catalog is a file of its own, fetched when the page first uses that dataset.
import { defineConfig } from 'vite';
import { datasetFiles } from '../core/scripts/gen-catalog.mjs';

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

export default defineConfig({
  base: './',
  plugins: [catalogPerDataset],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 1000,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
