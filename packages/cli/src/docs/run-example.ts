/**
 * Runs a command example of the table (code-examples.ts) the way a user would: its files written into
 * an empty folder, its command line given to `main(argv, io)` in this process with that folder as the
 * working directory and its standard input, and, for an example that talks to the service, a fresh
 * emulator on 127.0.0.1 (the one `logfilter emulator` runs) with the example's earlier commands run
 * against it first. The test of the examples and the documentation site's generator both run them,
 * so the page shows what the command really reports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Diagnostic } from '@logfilter/core';
import type { Io } from '../io.js';
import { MemoryInput, MemoryOutput } from '../memory-output.js';
import { main } from '../main.js';
import { type CommandExample, commandRunOf, type LibraryExample } from './code-examples.js';

/** The token the example's emulator accepts and its commands send (an example's, not a secret). */
const EXAMPLE_TOKEN = 'example-token';

export interface ExampleRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Every diagnostic code the run reported: `severity[code]` in its text, `code` of the diagnostics of its JSON. */
  readonly codes: readonly string[];
}

export async function runCommandExample(example: CommandExample, which: 'example' | 'fixed'): Promise<ExampleRun> {
  const run = commandRunOf(example, which);
  const folder = mkdtempSync(join(tmpdir(), 'logfilter-example-'));
  let emulator: { baseUrl: string; close(): Promise<void> } | undefined;
  try {
    for (const [name, text] of Object.entries(run.files ?? {})) {
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), text);
    }
    const env: Record<string, string | undefined> = { ...run.env };
    if (example.service) {
      // Loaded here, not at the top: only the examples that talk to the service need node:http.
      const { startEmulator } = await import('@logfilter/emulator');
      emulator = await startEmulator({ credentials: [{ token: EXAMPLE_TOKEN }] });
      env.CLOUDFLARE_BASE_URL = emulator.baseUrl;
      env.CLOUDFLARE_API_TOKEN = EXAMPLE_TOKEN;
    }
    for (const args of run.before ?? []) {
      const earlier = await runOnce(args, '', folder, env);
      if (earlier.exitCode !== 0) throw new Error(`the example's earlier command \`logfilter ${args.join(' ')}\` failed: ${earlier.stderr}${earlier.stdout}`);
    }
    const result = await runOnce(run.args, run.stdin ?? '', folder, env, run.stdinOpenUntil);
    // The emulator's address changes from run to run; the page shows the one a user starts by default.
    const local = emulator?.baseUrl;
    const steady = (text: string) => (local ? text.split(local).join('http://127.0.0.1:8787/client/v4') : text).split(folder).join('.');
    return { ...result, stdout: steady(result.stdout), stderr: steady(result.stderr) };
  } finally {
    await emulator?.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * How long standard input stays open waiting for `stdinOpenUntil` in the output, at most: far above
 * the moment a server answers, so that an example that never answers fails instead of hanging.
 */
const OPEN_INPUT_BUDGET_MS = 30_000;

/** The diagnostics a library example (or its fix) is told of, run against a fresh emulator. */
export async function runLibraryExample(example: LibraryExample, which: 'example' | 'fixed'): Promise<readonly Diagnostic[]> {
  const { startEmulator } = await import('@logfilter/emulator');
  const emulator = await startEmulator({ credentials: [{ token: EXAMPLE_TOKEN }] });
  try {
    return await example.run(which, { baseUrl: emulator.baseUrl, token: EXAMPLE_TOKEN });
  } finally {
    await emulator.close();
  }
}

async function runOnce(args: readonly string[], stdin: string, cwd: string, env: Record<string, string | undefined>, openUntil?: string): Promise<ExampleRun> {
  const stdout = new MemoryOutput();
  const stderr = new MemoryOutput();
  const input = Buffer.from(stdin);
  const stream = () => {
    if (openUntil === undefined) return Readable.from([input], { objectMode: false });
    // As an editor does: the input stays open until the server has said what the client waits for.
    const open = new Readable({ read() {} });
    open.push(input);
    const close = () => {
      clearTimeout(budget);
      open.push(null);
    };
    const budget = setTimeout(close, OPEN_INPUT_BUDGET_MS);
    stdout.onText(openUntil, close);
    return open;
  };
  let exited: number | undefined;
  const io: Io = {
    stdout,
    stderr,
    stdin: new MemoryInput(input, stream),
    // Nothing of the machine's: no credentials, no base URL, no colour settings.
    env: { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4', ...env },
    cwd,
    onInterrupt: () => () => undefined,
    // The language server ends its process when its client leaves; here the run just ends with that code.
    exit(code) {
      exited = code;
    },
  };
  const returned = await main(['node', 'logfilter', ...args], io);
  const exitCode = exited ?? returned;
  const out = stdout.text();
  const err = stderr.text();
  return { exitCode, stdout: out, stderr: err, codes: [...new Set([...textCodes(out), ...textCodes(err), ...jsonCodes(out)])] };
}

/** A workflow command of `--format github`: `::error file=...,title=CODE::message`. */
const WORKFLOW = /^::(?:error|warning|notice) [^\n]*?title=([a-z][a-z-]*)::/gm;

const REPORTED = /\b(?:error|warning|info|note|hint)\[([a-z][a-z-]*)\]/g;

function textCodes(text: string): string[] {
  return [...text.matchAll(REPORTED), ...text.matchAll(WORKFLOW)].map((match) => match[1] as string);
}

/** The codes of every diagnostic in the JSON documents of `text`: one document, one per line, or LSP messages (framed by headers). */
function jsonCodes(text: string): string[] {
  const documents: unknown[] = [];
  try {
    documents.push(JSON.parse(text));
  } catch {
    for (const line of text.split(/\n|Content-Length: \d+\r\n\r\n/)) {
      try {
        documents.push(JSON.parse(line));
      } catch {
        // Not JSON: text output.
      }
    }
  }
  const codes: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      // A diagnostic of the envelope (severity a word) or of the language server (severity a number).
      if (typeof record.code === 'string' && record.severity !== undefined && typeof record.message === 'string') codes.push(record.code);
      Object.values(record).forEach(walk);
    }
  };
  documents.forEach(walk);
  return codes;
}
