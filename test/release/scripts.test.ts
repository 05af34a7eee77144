/**
 * The release scripts as a contributor runs them: from a clone set up with `npx pnpm@... install`,
 * where no `pnpm` is on PATH, and `pnpm run install:global`, whose npm must not warn about the
 * settings pnpm hands to the scripts it runs.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli.js';
import { run } from './registry.js';

const MINUTES = 60_000;
const PINNED_PNPM = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { packageManager: string }).packageManager;
const folders: string[] = [];
const temp = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `logfilter-${name}-`));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A PATH holding only `tools` (linked from beside Node), and the system's folders when npx is among them; it must hold no pnpm, or the test proves nothing. */
function pathWithout(tools: string[]): string {
  const bin = join(temp('bin'), 'bin');
  mkdirSync(bin);
  for (const tool of tools) symlinkSync(join(dirname(process.execPath), tool), join(bin, tool));
  const folders = tools.includes('npx') ? [bin, '/usr/bin', '/bin'] : [bin];
  const pnpm = folders.find((folder) => folder !== bin && existsSync(join(folder, 'pnpm')));
  if (pnpm) throw new Error(`pnpm is installed in ${pnpm}: this test needs a PATH without it`);
  return folders.join(delimiter);
}

/** The environment of a user's shell: without the npm_config_* settings pnpm hands to the test run itself. */
const shellEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** A stack trace of Node: a line `    at ...`. */
const STACK = /^\s+at /m;

describe('scripts/release-pack.mjs without pnpm on PATH', () => {
  it(
    'packs every public package through the pinned pnpm (npx)',
    async () => {
      const out = temp('pack');
      const done = await run(process.execPath, ['scripts/release-pack.mjs', out], {
        cwd: REPO_ROOT,
        env: { ...shellEnv(), PATH: pathWithout(['node', 'npm', 'npx']) },
      });
      expect(done.stderr).not.toMatch(STACK);
      expect(done.code).toBe(0);
      expect(readdirSync(out).filter((file) => file.endsWith('.tgz'))).toContain('logfilter-cli-0.1.0.tgz');
    },
    5 * MINUTES,
  );

  it('says what is missing, without a stack trace, when not even npx is there', async () => {
    const done = await run(process.execPath, ['scripts/release-pack.mjs', temp('pack')], {
      cwd: REPO_ROOT,
      env: { ...shellEnv(), PATH: pathWithout(['node']) },
    });
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('`pnpm pack');
    expect(done.stderr).toContain('npx is not on PATH');
    expect(done.stderr).not.toMatch(STACK);
  });
});

describe('pnpm run install:global', () => {
  it(
    'installs a working logfilter with no npm warnings',
    async () => {
      const prefix = temp('prefix');
      const done = await run('npx', ['--yes', PINNED_PNPM, 'run', 'install:global', '--skip-build'], {
        cwd: REPO_ROOT,
        env: { ...shellEnv(), npm_config_prefix: prefix },
      });
      expect(done.code, done.stderr).toBe(0);
      expect(`${done.stdout}${done.stderr}`).not.toMatch(/npm warn/i);
      const version = await run(join(prefix, 'bin', 'logfilter'), ['--version'], { env: process.env });
      expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    },
    5 * MINUTES,
  );
});
