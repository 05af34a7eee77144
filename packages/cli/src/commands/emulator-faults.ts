/** The emulator command's fault flags: random faults at given rates, for testing automation offline. */
import type { FaultCounts, RandomFaults } from '@logfilter/emulator';
import type { Command } from 'commander';
import { parsePositiveInt, UsageError } from '../io.js';

export interface FaultFlags {
  latency?: string;
  drop?: string;
  loseAnswers?: string;
  rateLimit?: string;
  rateLimitBurst?: string;
  retryAfter?: string;
  serverErrors?: string;
  serverErrorBurst?: string;
  faultSeed?: string;
}

export function addFaultOptions(command: Command): Command {
  return command
    .option('--latency <ms>', 'fault: wait N, or between MIN-MAX, milliseconds before each answer')
    .option('--drop <rate>', 'fault: close this share of connections (0 to 1) without an answer, before any work')
    .option('--lose-answers <rate>', 'fault: apply this share of writes, then close the connection without an answer')
    .option('--rate-limit <rate>', 'fault: start a burst of 429 answers (with Retry-After) at this share of requests')
    .option('--rate-limit-burst <n>', 'fault: requests each 429 burst lasts (default: 1)')
    .option('--retry-after <seconds>', "fault: the 429 answers' Retry-After (default: 1)")
    .option('--server-errors <rate>', 'fault: start a burst of 503 answers at this share of requests')
    .option('--server-error-burst <n>', 'fault: requests each 503 burst lasts (default: 1)')
    .option('--fault-seed <n>', 'fault: seed of the random draws, to repeat a run (default: from the clock)');
}

/** The random faults the flags ask for; undefined when none. */
export function faultsFrom(flags: FaultFlags): RandomFaults | undefined {
  const faults: RandomFaults = {};
  if (flags.latency !== undefined) faults.latencyMs = latency(flags.latency);
  if (flags.drop !== undefined) faults.dropRate = rate(flags.drop, '--drop');
  if (flags.loseAnswers !== undefined) faults.loseAnswerRate = rate(flags.loseAnswers, '--lose-answers');
  if (flags.rateLimit !== undefined) {
    faults.rateLimit = { rate: rate(flags.rateLimit, '--rate-limit'), burst: count(flags.rateLimitBurst, '--rate-limit-burst') };
    if (flags.retryAfter !== undefined) faults.rateLimit.retryAfter = whole(flags.retryAfter, '--retry-after');
  }
  if (flags.serverErrors !== undefined)
    faults.serverErrors = { rate: rate(flags.serverErrors, '--server-errors'), burst: count(flags.serverErrorBurst, '--server-error-burst') };
  if (Object.keys(faults).length === 0) {
    const stray = [
      ['--rate-limit-burst', flags.rateLimitBurst],
      ['--retry-after', flags.retryAfter],
      ['--server-error-burst', flags.serverErrorBurst],
    ].find(([, value]) => value !== undefined);
    if (stray)
      throw new UsageError(
        `${stray[0]} shapes a fault that is not switched on: add ${stray[0] === '--server-error-burst' ? '--server-errors' : '--rate-limit'} <rate>`,
      );
    return undefined;
  }
  if (flags.faultSeed !== undefined) faults.seed = whole(flags.faultSeed, '--fault-seed');
  return faults;
}

/** One line for the start-up banner: which faults are on. */
export function describeFaults(faults: RandomFaults): string {
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
  const parts: string[] = [];
  if (faults.latencyMs) parts.push(`latency ${faults.latencyMs[0]}-${faults.latencyMs[1]} ms`);
  if (faults.dropRate) parts.push(`dropped connections ${percent(faults.dropRate)}`);
  if (faults.loseAnswerRate) parts.push(`answers lost after the write ${percent(faults.loseAnswerRate)} of writes`);
  if (faults.rateLimit)
    parts.push(`429 bursts ${percent(faults.rateLimit.rate)} x${faults.rateLimit.burst ?? 1} (Retry-After ${faults.rateLimit.retryAfter ?? 1})`);
  if (faults.serverErrors) parts.push(`503 bursts ${percent(faults.serverErrors.rate)} x${faults.serverErrors.burst ?? 1}`);
  return `faults: ${parts.join(', ')}${faults.seed === undefined ? '' : ` (seed ${faults.seed})`}`;
}

/** `faults injected: 12 (drop 3, 429 5, ...)`, printed when the emulator stops. */
export function describeInjected(counts: FaultCounts): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const parts = Object.entries(counts).map(([kind, n]) => `${kind} ${n}`);
  return `faults injected: ${total}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

function rate(text: string, flag: string): number {
  const value = Number(text);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(text) || value < 0 || value > 1)
    throw new UsageError(`${flag} takes a share from 0 to 1 (e.g. 0.1 for 10%), not '${text}'`);
  return value;
}

function latency(text: string): [number, number] {
  const found = /^(\d+)(?:-(\d+))?$/.exec(text);
  const low = Number(found?.[1]);
  const high = found?.[2] === undefined ? low : Number(found[2]);
  if (!found || high < low) throw new UsageError(`--latency takes milliseconds, N or MIN-MAX (e.g. 20-200), not '${text}'`);
  return [low, high];
}

function count(text: string | undefined, flag: string): number | undefined {
  return text === undefined ? undefined : parsePositiveInt(text, flag);
}

function whole(text: string, flag: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} takes a whole number, not '${text}'`);
  return Number(text);
}
