/**
 * What a command answers, and the one place it is shown. A command returns an Outcome (its result,
 * its diagnostics with the text each is about, its exit code); `present` renders it as text for
 * people, as one JSON envelope, as GitHub workflow commands or as SARIF. Every `--json` answer, on
 * success and on failure, is the envelope of packages/cli/schema/envelope.schema.json:
 * `{ok, command, exitCode, diagnostics, ...the command's own members}`.
 */
import { withCliHint } from './report/advice.js';
import { DOCS_BASE_URL, escapeControlCharacters, NOWHERE, renderDiagnostic } from '@logfilter/core';
import { codePage } from './docs/docs-url.js';
import { EXIT_INTERNAL, EXIT_USAGE, type Io, type Source, UsageError } from './io.js';
import { githubCommands } from './report/github.js';
import { sarifLog } from './report/sarif.js';
import type { NotChecked, ReportDiagnostic } from './report/types.js';

export const OUTPUT_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A diagnostic with the text it points into (for its code frame), if it points into one. */
export interface Located {
  diagnostic: ReportDiagnostic;
  source?: Source;
  /** Only for programs: the text format says it otherwise (a service failure's `logfilter: ...` line). */
  machineOnly?: boolean;
}

export interface Outcome {
  exitCode: number;
  /**
   * The command's own members of its JSON answer, beside the envelope's (they may hold RawJson); a
   * function when making them is work that only the JSON answer needs (compile's filter object).
   */
  result?: Record<string, unknown> | (() => Record<string, unknown>);
  diagnostics?: readonly Located[];
  /** What was looked at and not checked, with why (a Terraform filter built from variables). */
  notChecked?: readonly NotChecked[];
  /** Text format: the answer for people, on stdout. */
  stdout?: string;
  /** Text format: what follows the diagnostics on stderr (a summary line, a note). */
  stderr?: string;
}

/** JSON text spliced into an answer as written (a record whose integers past 2^53 must keep every digit). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Core's diagnostics about `source`, each with the file it is reported against (none for inline text and standard input). */
export function locate(diagnostics: readonly ReportDiagnostic[], source: Source | undefined): Located[] {
  const file = source === undefined || source.inline !== undefined ? undefined : reportedFile(source.name);
  return diagnostics.map((diagnostic) => ({ diagnostic: file === undefined || diagnostic.file !== undefined ? diagnostic : { ...diagnostic, file }, source }));
}

/** The file a diagnostic is reported against: none for standard input (nor for inline text, which has no name). */
function reportedFile(name: string | undefined): string | undefined {
  return name === undefined || name === '<stdin>' ? undefined : name;
}

/** The members every answer has: a command's own members never replace them. */
const ENVELOPE_MEMBERS = new Set(['ok', 'command', 'exitCode', 'diagnostics', 'notChecked']);

/** The outcome with each diagnostic's hint in the CLI's terms where core gave advice (report/advice.ts). */
function withCliHints(outcome: Outcome): Outcome {
  if (!outcome.diagnostics?.some((located) => located.diagnostic.advice)) return outcome;
  return { ...outcome, diagnostics: outcome.diagnostics.map((located) => ({ ...located, diagnostic: withCliHint(located.diagnostic) })) };
}

/** The one JSON envelope: the four members every answer has, then the command's own. */
export function envelope(command: string, given: Outcome): Record<string, unknown> {
  const outcome = withCliHints(given);
  const diagnostics = (outcome.diagnostics ?? []).map((located) => located.diagnostic);
  const result = typeof outcome.result === 'function' ? outcome.result() : outcome.result;
  // A command's own `ok: false` (a destination the service says is not valid) keeps the envelope's false.
  const ok = !diagnostics.some((diagnostic) => diagnostic.severity === 'error') && result?.ok !== false;
  const answer: Record<string, unknown> = { ok, command, exitCode: outcome.exitCode };
  for (const [key, value] of Object.entries(result ?? {})) if (!ENVELOPE_MEMBERS.has(key)) answer[key] = value;
  answer.diagnostics = diagnostics;
  if (outcome.notChecked) answer.notChecked = outcome.notChecked;
  return answer;
}

/**
 * Writes the outcome in `format`; returns its exit code. `docsBase` is the documentation site the
 * diagnostics link to: SARIF's rules always, the text's errors only on a terminal.
 */
export function present(
  command: string,
  given: Outcome,
  format: OutputFormat,
  io: Io,
  color: () => boolean = () => false,
  docsBase: string = DOCS_BASE_URL,
): number {
  // Core's advice (a diagnostic's `advice`) in the CLI's terms, a command or flag, in every format.
  const outcome = withCliHints(given);
  const diagnostics = outcome.diagnostics ?? [];
  switch (format) {
    case 'json':
      io.stdout.write(`${stringify(envelope(command, outcome))}\n`);
      break;
    case 'github':
      io.stdout.write(
        githubCommands(
          diagnostics.map((located) => located.diagnostic),
          outcome.notChecked,
        ),
      );
      break;
    case 'sarif':
      io.stdout.write(
        `${JSON.stringify(
          sarifLog(
            diagnostics.map((located) => located.diagnostic),
            outcome.notChecked,
            sourcesOf(diagnostics),
            docsBase,
          ),
          null,
          2,
        )}\n`,
      );
      break;
    case 'text': {
      const shown = diagnostics.filter((located) => !located.machineOnly);
      // Whether stderr is a terminal is asked only when there is a frame to link: the answer loads node:tty.
      const frames = textFrames(shown, outcome.notChecked ?? [], color, shown.length > 0 && io.stderr.isTTY ? docsBase : undefined);
      if (frames) io.stderr.write(frames);
      if (outcome.stdout) io.stdout.write(outcome.stdout);
      if (outcome.stderr) io.stderr.write(outcome.stderr);
      break;
    }
  }
  return outcome.exitCode;
}

/** The outcome of a usage, configuration or I/O failure: one diagnostic about no place, its kind as its code. */
export function failureOutcome(error: { message: string; code: string; hint?: string; exitCode?: number }): Outcome {
  const diagnostic: ReportDiagnostic = {
    code: error.code,
    severity: 'error',
    message: error.message,
    range: NOWHERE,
    ...(error.hint !== undefined && { hint: error.hint }),
  };
  return { exitCode: error.exitCode ?? EXIT_USAGE, diagnostics: [{ diagnostic }] };
}

/**
 * An error that ended a run outside an action's answer: a UsageError (the catalog read before the
 * command ran, or a text-format usage error of the action) is said as `logfilter: ...` with its hint,
 * or as the envelope naming `command`; anything else is an internal error. Returns the exit code.
 */
export function presentError(command: string, error: unknown, format: 'text' | 'json', io: Io): number {
  if (error instanceof UsageError) {
    if (format === 'json') present(command, failureOutcome(error), 'json', io);
    else io.stderr.write(`logfilter: ${escapeControlCharacters(error.message)}\n${error.hint ? `  = hint: ${error.hint}\n` : ''}`);
    return error.exitCode;
  }
  io.stderr.write(`logfilter: internal error: ${error instanceof Error ? error.message : String(error)}\nplease report this as a bug\n`);
  return EXIT_INTERNAL;
}

/**
 * Code frames, then the notes of what was not checked. With `docsBase` (stderr is a terminal), each
 * error's frame ends with its code's page, under the hint: a log or a pipe stays as it was.
 */
function textFrames(diagnostics: readonly Located[], notChecked: readonly NotChecked[], color: () => boolean, docsBase?: string): string {
  if (diagnostics.length === 0 && notChecked.length === 0) return '';
  const parts: string[] = [];
  for (const { diagnostic, source } of diagnostics) {
    const frame = renderDiagnostic(diagnostic, source?.text, { fileName: source?.name ?? diagnostic.file, color: color() });
    parts.push(docsBase !== undefined && diagnostic.severity === 'error' ? withDocsLine(frame, diagnostic.code, docsBase) : frame);
  }
  for (const item of notChecked)
    parts.push(`note[not-checked]: ${item.reason}\n --> ${item.file ? `${item.file}:` : ''}${item.range.start.line}:${item.range.start.column}`);
  return parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
}

/** The frame with a last line `= docs: <page>`, indented as the frame's own `=` lines (the hint's). */
function withDocsLine(frame: string, code: string, docsBase: string): string {
  const gutter = frame.match(/^( *)\S*= /m)?.[1] ?? '  ';
  return `${frame}\n${gutter}= docs: ${codePage(code, docsBase)}`;
}

/** The text of each file by its reported name ('' for the filter given inline), for SARIF's artifacts. */
function sourcesOf(diagnostics: readonly Located[]): Map<string, string> {
  const sources = new Map<string, string>();
  for (const { diagnostic, source } of diagnostics) if (source) sources.set(diagnostic.file ?? '', source.text);
  return sources;
}

/** JSON.stringify, with each RawJson spliced in as its text and each bigint (an exact filter's integer past 2^53) as its digits. */
function stringify(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, member: unknown) => {
    if (typeof member === 'bigint') raw.push(member.toString());
    else if (member instanceof RawJson) raw.push(member.text);
    else return member;
    return `\u0000raw${raw.length - 1}`;
  });
  return raw.length === 0 ? text : text.replace(/"\\u0000raw(\d+)"/g, (_match, index: string) => raw[Number(index)]);
}

/** `--max-warnings N` and `--error-on-warnings`, as commander gives them (options.ts defines them). */
export interface WarningLimitFlags {
  maxWarnings?: number;
  errorOnWarnings?: boolean;
}

/**
 * `--max-warnings N` (`--error-on-warnings` is N = 0): an outcome that would pass with more than N
 * warnings fails (exit 1), with an error saying why in place of its `ok` summary.
 */
export function applyWarningLimit(outcome: Outcome, flags: WarningLimitFlags): Outcome {
  const limit = flags.errorOnWarnings ? 0 : flags.maxWarnings;
  if (limit === undefined || outcome.exitCode !== 0) return outcome;
  const flag = flags.errorOnWarnings ? '--error-on-warnings' : `--max-warnings ${flags.maxWarnings}`;
  const warnings = (outcome.diagnostics ?? []).filter((located) => located.diagnostic.severity === 'warning').length;
  if (warnings <= limit) return outcome;
  const message = `${warnings} warning${warnings === 1 ? '' : 's'}, more than ${flag} allows`;
  const failure = failureOutcome({ code: 'too-many-warnings', message, hint: 'fix the warnings, or raise the limit', exitCode: 1 });
  // The summary's last line said `ok`: it is replaced by the failure.
  const stderr = outcome.stderr?.replace(/(^|\n)ok: [^\n]*\n$/, '$1');
  // For people the last line says it; for programs an error (ok false) says it.
  const said = failure.diagnostics!.map((located) => ({ ...located, machineOnly: true }));
  return { ...outcome, exitCode: 1, diagnostics: [...(outcome.diagnostics ?? []), ...said], stderr: `${stderr ?? ''}failed: ${message}\n` };
}

/** The command each run's io is running (set by Context.action), for answers written where only the io is at hand. */
const runningCommand = new WeakMap<Io, string>();

export function setRunningCommand(io: Io, command: string): void {
  runningCommand.set(io, command);
}

/**
 * The envelope written at once, by a command that answers where it stands (the service commands):
 * `members` beside the envelope's (an `ok: false` among them keeps `ok` false), `diagnostics` with no text to frame.
 */
export function writeEnvelope(io: Io, exitCode: number, members: Record<string, unknown>, diagnostics: readonly ReportDiagnostic[] = []): void {
  present(runningCommand.get(io) ?? '', { exitCode, result: members, diagnostics: diagnostics.map((diagnostic) => ({ diagnostic })) }, 'json', io);
}
