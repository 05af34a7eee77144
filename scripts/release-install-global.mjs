// `pnpm run install:global`: puts this clone's `logfilter` on PATH, as a user's `npm install -g
// @logfilter/cli` would (pre-commit hooks and editors run it from there): builds, packs the CLI
// (one bundle, no dependencies to fetch) and installs the tarball globally with npm.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll, publicPackages, ROOT, runPnpm } from './release-pack.mjs';

// --skip-build: the packages are built already (the release test runs it so).
if (!process.argv.includes('--skip-build')) runPnpm(['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
const folder = mkdtempSync(join(tmpdir(), 'logfilter-install-'));
/**
 * The environment for npm: pnpm passes its own settings to the scripts it runs as npm_config_*
 * variables (catalog, overrides, verify-deps-before-run, ...), which npm warns are unknown, one
 * warning each. Only the npm settings a user may have set for this install are kept.
 */
const NPM_SETTINGS = new Set([
  'prefix',
  'registry',
  'cache',
  'userconfig',
  'globalconfig',
  'proxy',
  'https_proxy',
  'noproxy',
  'cafile',
  'strict_ssl',
  'loglevel',
]);
const npmEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => {
    const setting = /^npm_config_(.*)$/i.exec(key)?.[1].toLowerCase();
    return setting === undefined || NPM_SETTINGS.has(setting) || setting.includes(':');
  }),
);

try {
  const tarballs = packAll(
    folder,
    publicPackages().filter(({ name }) => name === '@logfilter/cli'),
  );
  execFileSync('npm', ['install', '--global', tarballs['@logfilter/cli']], { stdio: 'inherit', env: npmEnv });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const where = execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8', env: npmEnv }).trim();
process.stdout.write(`installed: ${join(where, 'bin', 'logfilter')} (logfilter --version prints the version)\n`);
