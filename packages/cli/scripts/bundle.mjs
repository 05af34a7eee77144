// Bundles the CLI into one file: one module to load makes start-up close to a bare `node`.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(root, 'dist/bin.js')],
  outfile: join(root, 'dist/logfilter.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __lfRequire } from 'node:module'; const require = __lfRequire(import.meta.url);" },
});
