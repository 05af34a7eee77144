/** What the commands that ask the solver share (diff, jobs overlap): the undecided exit, the time budget option, and the solver's errors as the CLI reports them. */
import { UsageError } from '../io.js';
import { SolverMissing, WitnessBug } from './solve.js';

/** Exit code of a question the solver did not decide within the time budget. */
export const EXIT_UNDECIDED = 3;

/** A time budget option in seconds, as milliseconds. */
export function solverSeconds(text: string, option: string): number {
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) throw new UsageError(`${option} takes a positive number of seconds, not '${text}'`);
  return Math.round(Number(text) * 1000);
}

/** Runs questions to the solver: a missing z3-solver is a usage error (how to install it), a witness evaluate refutes a bug. */
export async function solverErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SolverMissing) throw new UsageError(error.message, 'missing-dependency');
    if (error instanceof WitnessBug) throw new Error(`${error.message}: this is a bug in logfilter, please report it`);
    throw error;
  }
}
