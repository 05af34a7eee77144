/**
 * The reliability suite's parts: the emulator as a user runs it (`logfilter emulator` as a child process,
 * faults switched on by its flags, state in a file), and bursts of CLI writers against it. A jobs test
 * file can sit beside custom-fields.test.ts and use the same helpers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { CLI_BIN, type CliResult, spawnCli, tempFiles } from '../support/cli.js';
import { TOKEN } from '../support/emulator.js';

/** The faults every burst runs under, by the emulator's flags (seeded, so a failure can be replayed). */
export const FAULT_FLAGS = [
  '--latency',
  '0-20',
  '--drop',
  '0.03',
  '--lose-answers',
  '0.15',
  '--rate-limit',
  '0.03',
  '--rate-limit-burst',
  '3',
  '--retry-after',
  '1',
  '--server-errors',
  '0.03',
  '--server-error-burst',
  '2',
];

export interface EmulatorProcess {
  baseUrl: string;
  statePath: string;
  child: ChildProcess;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** SIGINT, then the stderr of the whole run (with the `faults injected:` line when faults were on). */
  stop(): Promise<string>;
  /** kill -9: no chance to finish anything. */
  kill(): Promise<void>;
}

const running: EmulatorProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.kill()));
});

/** Starts `logfilter emulator --port 0 --state FILE ...flags` and waits until it listens. */
export async function startEmulatorProcess(flags: string[], statePath = join(tempFiles('reliability').dir, 'state.json')): Promise<EmulatorProcess> {
  const env = { ...process.env, CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_EMAIL: '', CLOUDFLARE_API_KEY: '', LOGFILTER_PRODUCT_SEGMENT: '' };
  const child = spawn(process.execPath, [CLI_BIN, 'emulator', '--port', '0', '--state', statePath, ...flags], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/client\/v4)\n/.exec(stderr);
      if (found) resolve(found[1]);
    };
    child.stderr!.on('data', look);
    child.once('exit', () => reject(new Error(`the emulator exited before listening: ${stderr}`)));
  });
  const emulator: EmulatorProcess = {
    baseUrl,
    statePath,
    child,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
      return stderr;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  running.push(emulator);
  return emulator;
}

/** Runs the CLI (a process of its own: the bursts are of processes) against the emulator with the token and nothing of the machine's service settings. */
export function runAgainst(emulator: EmulatorProcess, args: string[]): Promise<CliResult> {
  return spawnCli(args, {
    env: { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_EMAIL: undefined, CLOUDFLARE_API_KEY: undefined },
  });
}

/** The counts of the emulator's `faults injected: N (kind n, ...)` line. */
export function injectedFaults(stderr: string): { total: number; byKind: Record<string, number> } {
  const found = /faults injected: (\d+)(?: \(([^)]*)\))?\n/.exec(stderr);
  if (!found) throw new Error(`no 'faults injected' line in the emulator's output:\n${stderr}`);
  const byKind = Object.fromEntries(
    (found[2] ?? '')
      .split(', ')
      .filter(Boolean)
      .map((part) => [part.slice(0, part.lastIndexOf(' ')), Number(part.slice(part.lastIndexOf(' ') + 1))]),
  );
  return { total: Number(found[1]), byKind };
}
