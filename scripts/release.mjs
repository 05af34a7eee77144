// `pnpm release [--dry-run] [--skip-build] [--registry URL]`: builds, packs every public package
// once and checks the tarballs (publint --strict, attw: scripts/release-pack.mjs), then publishes
// them all at their (shared) version with `pnpm publish -r`. Versions and changelogs come first,
// from the changesets in .changeset/: `pnpm changeset version` (see CONTRIBUTING.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintAll, packAll, publicPackages, ROOT, runPnpm } from './release-pack.mjs';

const args = process.argv.slice(2);
const known = new Set(['--dry-run', '--skip-build', '--registry']);
const registryAt = args.indexOf('--registry');
const registry = registryAt >= 0 ? args[registryAt + 1] : undefined;
const unknown = args.filter((arg, i) => !known.has(arg) && !(registryAt >= 0 && i === registryAt + 1));
if (unknown.length > 0 || (registryAt >= 0 && !registry)) {
  process.stderr.write(`usage: pnpm release [--dry-run] [--skip-build] [--registry URL]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}\n`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');

const packages = publicPackages();
const versions = new Set(packages.map(({ version }) => version));
if (versions.size !== 1) {
  process.stderr.write(`error: the public packages are versioned together, but have ${[...versions].join(', ')}\n  hint: run \`pnpm changeset version\`\n`);
  process.exit(1);
}
if (!args.includes('--skip-build')) runPnpm(['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
const folder = mkdtempSync(join(tmpdir(), 'logfilter-release-'));
try {
  lintAll(packAll(folder, packages), packages);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.stdout.write(`checked ${packages.map(({ name }) => name).join(', ')} at ${[...versions][0]}\n`);
runPnpm(
  [
    'publish',
    '-r',
    '--access',
    'public',
    '--no-git-checks',
    ...(dryRun ? ['--dry-run'] : []),
    ...(registry ? ['--registry', registry] : []),
    ...packages.flatMap(({ name }) => ['--filter', name]),
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
