// Bundles the CLI into one CommonJS file and records V8's code cache for it (bin/logfilter.cjs
// loads both): one file to read and little to compile keep start-up close to a bare `node`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist/logfilter.cjs');
await build({
  entryPoints: [join(root, 'dist/bin.js')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // A native library: loaded from node_modules, and only by the command that needs it.
  external: ['@duckdb/node-api'],
  // import() would not run inside the code-cached script bin/logfilter.cjs makes: require instead.
  supported: { 'dynamic-import': false },
});

// The cache holds what a typical run compiles, so it is taken after one.
rmSync(`${outfile}.cache`, { force: true });
const run = spawnSync(process.execPath, [join(root, 'bin/logfilter.cjs'), 'compile', 'ClientCountry in (us,ca) AND BotScore lt 30'], {
  env: { ...process.env, LOGFILTER_WRITE_CODE_CACHE: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (run.status !== 0) throw new Error(`making the code cache failed (exit ${run.status})`);
