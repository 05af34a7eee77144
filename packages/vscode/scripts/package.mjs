// Packages the extension as a .vsix (run by the root `pnpm run build`, after `tsc -b`): the language
// server (@logfilter/language-server's `logfilter-language-server` program, with core and the
// catalogs of every dataset inside it) bundled by esbuild into server/server.cjs, the extension
// bundled into dist/extension.cjs with vscode-languageclient inside it, and
// `vsce package --no-dependencies` over the result. The CLI is not in the extension.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { EXTENSION_DIR, LANGUAGE_SERVER_DIR, SERVER_BUNDLE, vsixFile } from './paths.mjs';

rmSync(join(EXTENSION_DIR, 'server'), { recursive: true, force: true });
mkdirSync(join(EXTENSION_DIR, 'server'), { recursive: true });
// The server's version, from its package.json, written in (its src/version.ts reads the file otherwise).
const versionModule = join(LANGUAGE_SERVER_DIR, 'dist', 'version.js');
const { version } = JSON.parse(readFileSync(join(LANGUAGE_SERVER_DIR, 'package.json'), 'utf8'));
await build({
  entryPoints: [join(LANGUAGE_SERVER_DIR, 'dist', 'bin.js')],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'inline-version',
      setup(build) {
        build.onLoad({ filter: /[\\/]version\.js$/ }, (args) =>
          args.path === versionModule ? { contents: `export const version = () => ${JSON.stringify(version)};`, loader: 'js' } : undefined,
        );
      },
    },
  ],
});

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
