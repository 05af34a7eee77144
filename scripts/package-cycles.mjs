#!/usr/bin/env node
/**
 * Fails when the workspace's packages depend on each other in a circle (`pnpm lint`):
 * `node scripts/package-cycles.mjs [ROOT]`, ROOT the workspace (default this repository).
 * Package A depends on B when A's package.json lists B (in any dependency field) or a file of A
 * (sources, tests, scripts; type-only imports included) imports B by name. Cycles between files
 * are found by knip (runtime imports, across packages too) and by Biome's noImportCycles (within a
 * package, type-only imports included); this check adds what neither sees: two packages whose
 * files import each other without any one file closing a loop.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const SOURCE = /\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/;
/** Folders that hold no source of the package's own: installed packages and build output. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results']);

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const packagesFolder = join(root, 'packages');
if (!existsSync(packagesFolder)) {
  process.stderr.write(`package-cycles: ${packagesFolder} does not exist: give the workspace's folder (the one holding packages/)\n`);
  process.exit(2);
}

// Loaded after the argument is checked: TypeScript takes a while to load.
const { default: ts } = await import('typescript');

/** The workspace's packages (pnpm-workspace.yaml's one glob, packages/*): name -> folder. */
const packages = new Map();
for (const entry of readdirSync(packagesFolder, { withFileTypes: true })) {
  const manifest = join(packagesFolder, entry.name, 'package.json');
  if (!entry.isDirectory() || !existsSync(manifest)) continue;
  packages.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(packagesFolder, entry.name));
}

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** name -> (dependency name -> where the dependency is declared or made: the first seen). */
const edges = new Map();
for (const [name, folder] of packages) {
  const out = new Map();
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  for (const field of DEPENDENCY_FIELDS) {
    for (const dependency of Object.keys(manifest[field] ?? {})) {
      if (packages.has(dependency) && dependency !== name && !out.has(dependency))
        out.set(dependency, `${relative(root, join(folder, 'package.json'))} ${field}`);
    }
  }
  for (const file of sourceFiles(folder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const dependency = packageOf(fileName);
      if (packages.has(dependency) && dependency !== name && !out.has(dependency)) out.set(dependency, relative(root, file));
    }
  }
  edges.set(name, out);
}

/** Every cycle closed by a back edge of a depth-first walk; none when the graph is a DAG. */
const cycles = [];
const state = new Map();
const path = [];
function visit(name) {
  state.set(name, 'open');
  path.push(name);
  for (const dependency of edges.get(name).keys()) {
    if (state.get(dependency) === 'open') cycles.push([...path.slice(path.indexOf(dependency)), dependency]);
    else if (!state.has(dependency)) visit(dependency);
  }
  path.pop();
  state.set(name, 'done');
}
for (const name of [...packages.keys()].sort()) if (!state.has(name)) visit(name);

if (cycles.length > 0) {
  for (const cycle of cycles) {
    const steps = cycle.slice(1).map((to, i) => `  ${cycle[i]} -> ${to}  (${edges.get(cycle[i]).get(to)})`);
    process.stderr.write(`package-cycles: the packages depend on each other in a circle:\n${steps.join('\n')}\n`);
  }
  process.stderr.write('Move what both need into the lower package (or a new one), so that dependencies point one way.\n');
  process.exit(1);
}
process.stdout.write(`package-cycles: no cycle among ${packages.size} packages\n`);
