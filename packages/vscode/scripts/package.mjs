// Packages the extension as a .vsix (run by the root `pnpm run build`, after the CLI's bundle): the
// CLI's language server (dist/logfilter.cjs, the dist/lsp.cjs it requires and the catalog files it
// reads) copied into server/, the extension bundled by esbuild into dist/extension.cjs with
// vscode-languageclient inside it, and `vsce package --no-dependencies` over the result.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI_DIST, EXTENSION_DIR, vsixFile } from './paths.mjs';

const server = join(EXTENSION_DIR, 'server');
rmSync(server, { recursive: true, force: true });
mkdirSync(join(server, 'catalog'), { recursive: true });
for (const file of ['logfilter.cjs', 'lsp.cjs']) copyFileSync(join(CLI_DIST, file), join(server, file));
for (const file of readdirSync(join(CLI_DIST, 'catalog'))) copyFileSync(join(CLI_DIST, 'catalog', file), join(server, 'catalog', file));

await build({
  entryPoints: [join(EXTENSION_DIR, 'dist', 'extension.js')],
  outfile: join(EXTENSION_DIR, 'dist', 'extension.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

// vsce is loaded only here: it is large, and nothing else needs it.
const { createVSIX } = await import('@vscode/vsce');
const packagePath = vsixFile();
rmSync(packagePath, { force: true });
await createVSIX({ cwd: EXTENSION_DIR, packagePath, dependencies: false, allowMissingRepository: true });
