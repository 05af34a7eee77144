/**
 * What the commands that talk to the service share: the client made from the global options and the
 * environment (credentials only from the environment), dry-run printing, and errors mapped to exits:
 * 1 when the service or the validator rejects, 2 for usage, configuration (credentials included) and
 * network trouble.
 */
import { withCliHint } from './report/advice.js';
import {
  ApiError,
  ConfigError,
  ConvergenceError,
  createClient,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  ENV,
  NetworkError,
  UnconfirmedWriteError,
  ValidationError,
  type Client,
  type RequestDescription,
} from '@logfilter/api';
import { diagnosticAt, escapeControlCharacters, NOWHERE, renderDiagnostic } from '@logfilter/core';
import { type Command, Option } from 'commander';
import { count, secondsAsMs } from './options.js';
import { EXIT_INVALID, EXIT_USAGE, type Io, UsageError } from './io.js';
import { failureOutcome, type Outcome } from './outcome.js';
import type { ReportDiagnostic } from './report/types.js';

export interface ServiceFlags {
  json?: boolean;
  dryRun?: boolean;
  /** --timeout, in milliseconds (options.ts parses it). */
  timeout?: number;
  retries?: number;
}

interface ServiceGlobals {
  baseUrl?: string;
  productSegment?: string;
}

const CREDENTIALS_HELP = `Credentials come from the environment only: ${ENV.token}, or ${ENV.email} and ${ENV.key}.`;

export function addServiceOptions(command: Command, { dryRun }: { dryRun: boolean }): Command {
  command
    .addOption(new Option('--timeout <seconds>', `time allowed for each request (default: ${DEFAULT_TIMEOUT_MS / 1000})`).argParser(secondsAsMs))
    .addOption(
      new Option(
        '--retries <n>',
        `further attempts of a read after a 429, a 5xx or a lost answer, and of a create or delete after reading what is there (default: ${DEFAULT_RETRIES}); a PUT is never sent again: it is merged again from a new read`,
      ).argParser(count),
    )
    .option('--json', 'machine output: one JSON object on stdout');
  if (dryRun) command.option('--dry-run', 'print each request that would write, with credentials redacted, and send none of them');
  return command.addHelpText('after', `\n${CREDENTIALS_HELP}\nThe base URL comes from --base-url or ${ENV.baseUrl}.`);
}

/** The client for this run; every request it makes is kept in `requests` (credentials redacted). */
export function serviceClient(io: Io, program: Command, flags: ServiceFlags): { client: Client; requests: RequestDescription[] } {
  const globals = program.opts<ServiceGlobals>();
  const requests: RequestDescription[] = [];
  try {
    const client = createClient({
      baseUrl: globals.baseUrl,
      productSegment: globals.productSegment,
      timeoutMs: flags.timeout,
      retries: flags.retries,
      dryRun: flags.dryRun === true,
      onRequest: (request) => requests.push(request),
      env: io.env,
    });
    return { client, requests };
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, 'configuration');
    throw error;
  }
}

/** The requests as a person reads them: method and URL, headers, a blank line, the body. */
export function formatRequests(requests: readonly RequestDescription[]): string {
  return requests
    .map((request) => {
      const lines = [request.dryRun ? '# not sent (dry run)' : '# sent (a dry run reads, never writes)', `${request.method} ${request.url}`];
      for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
      if (request.body !== undefined) lines.push('', JSON.stringify(request.body, null, 2));
      return `${lines.join('\n')}\n`;
    })
    .join('\n');
}

/** Diagnostics with no text to frame (the service's errors, a check of a value): the same renderer, header and hint only. */
export function printReported(io: Io, diagnostics: readonly ReportDiagnostic[]): void {
  for (const d of diagnostics) io.stderr.write(`${renderDiagnostic(withCliHint(d), undefined)}\n`);
}

/**
 * Runs a service action, turning the client's errors into output and an exit code. With --json the
 * failure is one object `{ok: false, error, diagnostics}` on stdout.
 */
export async function runService(_io: Io, _flags: ServiceFlags, action: () => Promise<number | Outcome>): Promise<number | Outcome> {
  try {
    return await action();
  } catch (error) {
    const report = describeFailure(error);
    if (!report) throw error;
    // The envelope with `error` beside its members; for people, the diagnostics and a line saying what failed.
    return {
      exitCode: report.exit,
      result: { error: report.error },
      // A failure with no diagnostic of its own (a usage or network error) is one, so that `ok` is false.
      diagnostics:
        report.diagnostics.length > 0
          ? report.diagnostics.map((diagnostic) => ({ diagnostic }))
          : failureOutcome({ code: report.error.kind, message: report.error.message, exitCode: report.exit }).diagnostics!.map((located) => ({
              ...located,
              machineOnly: true,
            })),
      stderr: `logfilter: ${escapeControlCharacters(report.error.message)}\n${report.error.hint ? `  = hint: ${report.error.hint}\n` : ''}`,
    };
  }
}

interface FailureReport {
  exit: number;
  /** `written`: what a read after a failed write found (applied, not-applied, partly-applied, unknown). */
  error: { kind: string; message: string; status?: number; written?: string; details?: string[]; hint?: string };
  diagnostics: ReportDiagnostic[];
}

function describeFailure(error: unknown): FailureReport | undefined {
  if (error instanceof UnconfirmedWriteError) {
    const cause = describeFailure(error.failure);
    if (!cause) return undefined;
    const details = error.details.length > 0 ? { details: error.details } : {};
    return { ...cause, error: { ...cause.error, message: error.message, written: error.written, ...details } };
  }
  if (error instanceof ApiError) {
    // The service's errors keep its own codes (`error[1004]`); they are about no place in a text.
    const diagnostics: ReportDiagnostic[] = error.errors.map((e) => ({
      ...diagnosticAt(NOWHERE, 'service-error', e.message, e.source?.pointer ? { pointer: e.source.pointer } : {}),
      code: String(e.code),
    }));
    if (error.isAuthFailure) {
      return {
        exit: EXIT_USAGE,
        error: {
          kind: 'auth',
          status: error.status,
          message: `the service refused the credentials (HTTP ${error.status}); check ${ENV.token}, or ${ENV.email} and ${ENV.key}`,
        },
        diagnostics,
      };
    }
    const refused = error.status < 500 && error.status !== 429;
    const message = refused
      ? `${error.method} ${error.path} was refused (HTTP ${error.status})`
      : `${error.method} ${error.path} failed: the service answered HTTP ${error.status}`;
    return { exit: refused ? EXIT_INVALID : EXIT_USAGE, error: { kind: refused ? 'rejected' : 'service', status: error.status, message }, diagnostics };
  }
  if (error instanceof NetworkError)
    return { exit: EXIT_USAGE, error: { kind: error.kind, message: error.message, ...(error.status ? { status: error.status } : {}) }, diagnostics: [] };
  if (error instanceof ConfigError) return { exit: EXIT_USAGE, error: { kind: 'configuration', message: error.message }, diagnostics: [] };
  if (error instanceof ConvergenceError) {
    const diagnostics: ReportDiagnostic[] = error.rounds.map((line) => ({
      ...diagnosticAt(NOWHERE, 'service-error', line, { severity: 'warning' }),
      code: 'race',
    }));
    return { exit: EXIT_INVALID, error: { kind: 'not-converged', message: error.message }, diagnostics };
  }
  if (error instanceof ValidationError) {
    return { exit: EXIT_INVALID, error: { kind: 'invalid', message: error.message }, diagnostics: [...error.diagnostics] };
  }
  if (error instanceof UsageError)
    return { exit: error.exitCode, error: { kind: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) }, diagnostics: [] };
  return undefined;
}

/** Splits repeatable comma lists: `--request a,b --request c` gives [a, b, c]. */
export function collectList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ];
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
