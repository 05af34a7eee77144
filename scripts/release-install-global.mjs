// `pnpm run install:global`: puts this clone's `logfilter` on PATH, as a user's `npm install -g
// @logfilter/cli` would (pre-commit hooks and editors run it from there): builds, packs the CLI
// (one bundle, no dependencies to fetch) and installs the tarball globally with npm.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll, publicPackages, ROOT } from './release-pack.mjs';

execFileSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
const folder = mkdtempSync(join(tmpdir(), 'logfilter-install-'));
try {
  const tarballs = packAll(
    folder,
    publicPackages().filter(({ name }) => name === '@logfilter/cli'),
  );
  execFileSync('npm', ['install', '--global', tarballs['@logfilter/cli']], { stdio: 'inherit' });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const where = execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8' }).trim();
process.stdout.write(`installed: ${join(where, 'bin', 'logfilter')} (logfilter --version prints the version)\n`);
