/**
 * What the commands that ask the solver (@logfilter/solver) share: diff, check --deep, jobs overlap.
 * The undecided exit, the budget options, the solver's errors as the CLI reports them, and a
 * progress line on a terminal.
 */
import { type Budget, type Progress, SolverMissing, WitnessBug } from '@logfilter/solver';
import { type Output, UsageError } from '../io.js';

/** Exit code of a question the solver did not decide within its budget. */
export const EXIT_UNDECIDED = 3;

/** A time option in seconds, as milliseconds. */
export function solverSeconds(text: string, option: string): number {
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) throw new UsageError(`${option} takes a positive number of seconds, not '${text}'`);
  return Math.round(Number(text) * 1000);
}

/** A work budget option: a whole number of Z3 resource units (`2000000`, `2e6` and `2_000_000` are read alike). */
export function solverUnits(text: string, option: string): number {
  const units = Number(text.replaceAll('_', ''));
  if (!/^[\d_]+(\.\d+)?(e\d+)?$/i.test(text) || !Number.isFinite(units) || units < 1)
    throw new UsageError(`${option} takes a positive number of the solver's resource units (e.g. 2000000 or 2e6), not '${text}'`);
  return Math.round(units);
}

/** The budget of each question from `--budget UNITS` and `--timeout SECONDS` (or the options named; a number is milliseconds its option's parser made). */
export function solverBudget(flags: { budget?: string; timeout?: string | number }, names = { budget: '--budget', timeout: '--timeout' }): Budget {
  return {
    work: flags.budget === undefined ? undefined : solverUnits(flags.budget, names.budget),
    safetyMs: flags.timeout === undefined ? undefined : typeof flags.timeout === 'number' ? flags.timeout : solverSeconds(flags.timeout, names.timeout),
  };
}

/** The commands that need z3-solver, for the message that says how to install it. */
export type SolverCommand = 'diff' | 'check --deep' | 'jobs overlap';

/** The usage error of a missing z3-solver, naming the command that needs it and how to run it with it. */
export function solverMissingMessage(command: SolverCommand): string {
  return `${command} needs the z3-solver package (an optional peer of @logfilter/cli, 35 MB, loaded only by diff, check --deep and jobs overlap): install it beside logfilter with \`npm install -g z3-solver\` (or \`npx -p @logfilter/cli -p z3-solver logfilter ${command} ...\`)`;
}

/** Runs questions to the solver: a missing z3-solver is a usage error (how to install it), a witness evaluate refutes a bug. */
export async function solverErrors<T>(work: () => Promise<T>, command: SolverCommand = 'diff'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SolverMissing) throw new UsageError(solverMissingMessage(command), 'missing-dependency');
    if (error instanceof WitnessBug) throw new Error(`${error.message}: this is a bug in logfilter, please report it`);
    throw error;
  }
}

/** Runs shorter than this show no progress line. */
const SHOW_AFTER_MS = 1000;
const SPINNER = ['|', '/', '-', '\\'];

/**
 * A progress line on standard error while the solver works, only when standard error is a terminal
 * (never on a pipe or in a file) and only once a run has lasted a second: a spinner, the step and
 * what is being asked. `update` takes the solver's progress reports; `stop` clears the line.
 */
export function solverProgress(command: SolverCommand, stream: Output): { update(progress: Progress): void; stop(): void } {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let last: Progress | undefined;
  let turn = 0;
  let shown = 0;
  const draw = () => {
    if (!last || Date.now() - started < SHOW_AFTER_MS) return;
    const width = Math.max(20, (stream.columns || 80) - 1);
    const line = `${SPINNER[turn++ % SPINNER.length]} ${command}: ${last.done + 1} of ${last.total}: ${last.what}`.slice(0, width);
    stream.write(`\r${line.padEnd(shown)}`);
    shown = line.length;
  };
  const timer = setInterval(draw, 200);
  timer.unref();
  return {
    update(progress) {
      last = progress;
      draw();
    },
    stop() {
      clearInterval(timer);
      if (shown > 0) stream.write(`\r${' '.repeat(shown)}\r`);
    },
  };
}
