// The packing half of a release, shared by scripts/release.mjs, `pnpm run install:global` and the
// release test: which packages are public, one tarball each (`pnpm pack`, which turns workspace:^
// and catalog: into versions), and the checks a tarball must pass: publint --strict on every one,
// and attw on the libraries with the esm-only profile (they are ESM only, for Node >= 20.19 where
// require() of ESM works, so attw's node10 and node16-from-CJS views do not apply; the CLI has no
// types to check). Run directly: `node scripts/release-pack.mjs DIR` packs every public package into DIR.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/**
 * How to run pnpm from these scripts: the pnpm that runs them (`pnpm run release` sets
 * npm_execpath), else `pnpm` on PATH, else the workspace's pinned pnpm through npx (a clone set up
 * with `npx pnpm@... install` has no pnpm on PATH). Returns `[command, leading arguments]`.
 */
function pnpmCommand() {
  const execpath = process.env.npm_execpath;
  if (execpath && /pnpm/i.test(execpath)) return /\.c?js$/.test(execpath) ? [process.execPath, [execpath]] : [execpath, []];
  try {
    execFileSync('pnpm', ['--version'], { stdio: 'ignore' });
    return ['pnpm', []];
  } catch {
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager;
    return ['npx', ['--yes', pinned]];
  }
}

/** Runs pnpm with `args` (see pnpmCommand); a failure names the command, never a stack trace of this script. */
export function runPnpm(args, options = {}) {
  const [command, leading] = pnpmCommand();
  try {
    return execFileSync(command, [...leading, ...args], options);
  } catch (error) {
    const why = error.code === 'ENOENT' ? `${command} is not on PATH (install Node.js with npm, which brings npx)` : `exit ${error.status ?? error.signal}`;
    process.stderr.write(`release: \`pnpm ${args.join(' ')}\` failed: ${why}\n`);
    process.exit(1);
  }
}

/** Every package of packages/ that is not private: `{ name, version, dir, manifest }`, in folder order. */
export function publicPackages() {
  return readdirSync(join(ROOT, 'packages'))
    .sort()
    .map((folder) => {
      const dir = join(ROOT, 'packages', folder);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, version: manifest.version, dir, manifest };
    })
    .filter(({ manifest }) => manifest.private !== true);
}

/** The tarball `pnpm pack` writes for a package: `@scope/name` 1.0.0 -> scope-name-1.0.0.tgz. */
const tarballName = ({ name, version }) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/** Packs each package into `destination` (its prepack refuses an unbuilt package); returns the tarballs' paths by package name. */
export function packAll(destination, packages = publicPackages()) {
  mkdirSync(destination, { recursive: true });
  const tarballs = {};
  for (const pkg of packages) {
    runPnpm(['pack', '--pack-destination', resolve(destination)], { cwd: pkg.dir, stdio: ['ignore', 'ignore', 'inherit'] });
    tarballs[pkg.name] = join(resolve(destination), tarballName(pkg));
  }
  return tarballs;
}

/** publint --strict and (for a package with types) attw on each tarball; throws on the first that fails, after its report. */
export function lintAll(tarballs, packages = publicPackages()) {
  for (const pkg of packages) {
    const tarball = tarballs[pkg.name];
    execFileSync(bin('publint'), ['run', '--strict', tarball], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (pkg.manifest.exports?.['.']?.types) {
      execFileSync(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji', '--no-color'], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const destination = process.argv[2];
  if (!destination) {
    process.stderr.write('usage: node scripts/release-pack.mjs DIR (packs every public package into DIR)\n');
    process.exit(2);
  }
  for (const tarball of Object.values(packAll(destination))) process.stdout.write(`${tarball}\n`);
}
