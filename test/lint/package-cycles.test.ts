/** scripts/package-cycles.mjs (`pnpm lint`): packages that depend on each other in a circle fail it, with the circle named. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCRIPT = join(REPO_ROOT, 'scripts', 'package-cycles.mjs');

function check(root: string) {
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A workspace of packages/NAME, each with its package.json and the files given (path -> text). */
function workspace(packages: Record<string, { manifest: object; files?: Record<string, string> }>): string {
  const root = mkdtempSync(join(tmpdir(), 'package-cycles-'));
  folders.push(root);
  for (const [folder, { manifest, files }] of Object.entries(packages)) {
    mkdirSync(join(root, 'packages', folder, 'src'), { recursive: true });
    writeFileSync(join(root, 'packages', folder, 'package.json'), JSON.stringify(manifest));
    for (const [path, text] of Object.entries(files ?? {})) writeFileSync(join(root, 'packages', folder, path), text);
  }
  return root;
}

describe('package-cycles', () => {
  it("finds no cycle among the repository's packages", () => {
    const run = check(REPO_ROOT);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^package-cycles: no cycle among \d+ packages\n$/);
    expect(run.code).toBe(0);
  });

  it('names a circle made of a dependency one way and a type-only import the other', () => {
    const root = workspace({
      low: { manifest: { name: '@x/low' }, files: { 'src/index.ts': "import type { High } from '@x/high/types';\nexport type Low = High;\n" } },
      high: { manifest: { name: '@x/high', dependencies: { '@x/low': 'workspace:^' } } },
      apart: { manifest: { name: '@x/apart', dependencies: { '@x/low': 'workspace:^' } }, files: { 'src/index.ts': "import '@x/apart';\n" } },
    });
    const run = check(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the packages depend on each other in a circle');
    expect(run.stderr).toContain('@x/high -> @x/low  (packages/high/package.json dependencies)');
    expect(run.stderr).toContain(`@x/low -> @x/high  (${join('packages', 'low', 'src', 'index.ts')})`);
    expect(run.stderr).not.toContain('@x/apart');
  });

  it('passes packages whose imports point one way, and ignores a package importing itself by name', () => {
    const root = workspace({
      low: { manifest: { name: '@x/low' }, files: { 'src/index.ts': "import { x } from '@x/low';\nexport const y = x;\n" } },
      high: {
        manifest: { name: '@x/high' },
        files: { 'src/index.ts': "import { y } from '@x/low';\nexport const z = () => import('@x/low').then(() => y);\n" },
      },
    });
    const run = check(root);
    expect(run.stdout).toBe('package-cycles: no cycle among 2 packages\n');
    expect(run.code).toBe(0);
  });

  it('says what to give when the folder holds no packages/', () => {
    const root = mkdtempSync(join(tmpdir(), 'package-cycles-'));
    folders.push(root);
    const run = check(root);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/packages does not exist: give the workspace's folder/);
  });
});
