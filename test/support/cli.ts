/** Runs the built `logfilter` command as a child process, as a user would. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI_DIR = join(REPO_ROOT, 'packages', 'cli');
/** The `logfilter` entry of the CLI package's `bin` map: what `pnpm exec logfilter` runs. */
export const CLI_BIN = join(CLI_DIR, (JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')) as { bin: { logfilter: string } }).bin.logfilter);

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRun {
  /** Written to stdin (stdin is closed either way, so nothing waits on a terminal). */
  input?: string;
  /** Added to a copy of the environment in which NO_COLOR and FORCE_COLOR are unset. */
  env?: Record<string, string | undefined>;
  cwd?: string;
}

export function runCli(args: string[], run: CliRun = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  Object.assign(env, run.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], { env, cwd: run.cwd ?? REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    child.stdin.on('error', () => {}); // the CLI may exit before reading all of stdin
    child.stdin.end(run.input ?? '');
  });
}

/** Maps `items` through `work`, at most `limit` at a time, keeping the order. */
export async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>, limit = Math.max(2, availableParallelism())): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Any ANSI escape sequence. */
export const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[`);

/** The design card example and the exact JSON of language.md section 3. */
export const DESIGN_CARD = 'ClientCountry in (us,ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';
export const DESIGN_JSON =
  '{"where":{"and":[{"key":"ClientCountry","operator":"in","value":["us","ca"]},{"or":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"EdgeResponseStatus","operator":"geq","value":"500"}]}]}}';

/** A fresh temporary folder, and a writer of files in it that returns their paths. */
export function tempFiles(prefix: string): { dir: string; file: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), `logfilter-${prefix}-`));
  return {
    dir,
    file: (name, text) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}
