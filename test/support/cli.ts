/**
 * Runs the `logfilter` command: in this process through `main(argv, io)` (runCli: most tests), or
 * as a child process, as a user would (spawnCli: the bin itself, signals, stdio framing, bursts of
 * processes). Both give the same result for the same run.
 */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { type Io, MemoryInput, MemoryOutput, main } from '@logfilter/cli';
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
  /** Relative paths are read from here (default: the repository's root). */
  cwd?: string;
}

/** The environment of a run: this process's, NO_COLOR and FORCE_COLOR unset, `run.env` on top. */
function runEnv(run: CliRun): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  Object.assign(env, run.env);
  return env;
}

/**
 * Runs `logfilter ARGS` in this process, through `main(argv, io)` with an io of its own: output
 * collected, stdin the given input (closed), neither a terminal. Nothing of the run is left behind:
 * a listener for Ctrl-C still held when it ends fails the run.
 */
export async function runCli(args: string[], run: CliRun = {}): Promise<CliResult> {
  const { io, stdout, stderr, listening } = memoryIo(run);
  const code = await main(['node', 'logfilter', ...args], io);
  if (listening() > 0) throw new Error(`logfilter ${args.join(' ')} left ${listening()} interrupt listener(s) behind`);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** An io in memory for one run; `stdout()` and `stderr()` give what was written. */
export function memoryIo(run: CliRun = {}): { io: Io; stdout: () => string; stderr: () => string; listening: () => number } {
  const stdout = new MemoryOutput();
  const stderr = new MemoryOutput();
  const input = Buffer.from(run.input ?? '');
  let stream: Readable | undefined;
  const listeners = new Set<() => void>();
  const io: Io = {
    stdout,
    stderr,
    stdin: new MemoryInput(input, () => (stream ??= Readable.from([input], { objectMode: false }))),
    env: runEnv(run),
    cwd: run.cwd ?? REPO_ROOT,
    onInterrupt(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exit(code) {
      throw new Error(`exit(${code}) asked of a run in this process: test this with spawnCli`);
    },
  };
  return { io, stdout: () => stdout.text(), stderr: () => stderr.text(), listening: () => listeners.size };
}

/** Runs the built `logfilter` command as a child process, as a user would: for what needs a process of its own. */
export function spawnCli(args: string[], run: CliRun = {}): Promise<CliResult> {
  const env = runEnv(run);
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
