/**
 * The typed options, each declared once: commander parses the value (its `argParser`) before any
 * action runs, so an action gets a number, a list or a record, and a value that does not parse is a
 * usage error (exit 2) that names the flag: `error: option '--max-bytes <n>' argument 'x' is invalid.
 * takes a whole number above 0`. Every command that takes one of these options takes it from here.
 */
import { DEFAULT_DATASET, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, type JobScope, LINT_CODES } from '@logfilter/core';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { OUTPUT_FORMATS } from './outcome.js';

/** A whole number above 0. */
export function positiveCount(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) throw new InvalidArgumentError('takes a whole number above 0');
  return Number(text);
}

/** A whole number, 0 allowed. */
export function count(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new InvalidArgumentError('takes a whole number (0 or more)');
  return Number(text);
}

/** A number of seconds above 0 (fractions allowed), as milliseconds. */
export function secondsAsMs(text: string): number {
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) throw new InvalidArgumentError('takes a number of seconds above 0, such as 10 or 0.5');
  return Math.round(Number(text) * 1000);
}

/** `KEY=VALUE`, repeatable: the pairs in the order given (an empty value is kept: some options mean "remove" by it). */
export function keyValue(text: string, previous: Array<[string, string]> = []): Array<[string, string]> {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new InvalidArgumentError(`takes KEY=VALUE, such as timestamp_format=rfc3339`);
  return [...previous, [text.slice(0, equals), text.slice(equals + 1)]];
}

/** `--max-bytes N`: the size limit of a filter. */
export function maxBytesOption(what = 'the output'): Option {
  return new Option('--max-bytes <n>', `size limit of ${what} in bytes (default: ${DEFAULT_MAX_BYTES})`).argParser(positiveCount);
}

/** `--max-operators N`: the limit on a filter's operators. */
export function maxOperatorsOption(): Option {
  return new Option('--max-operators <n>', `limit on the number of operators (default: ${DEFAULT_MAX_OPERATORS})`).argParser(positiveCount);
}

/** `--no-lint`: none of core's lint warnings (`LINT_CODES`, named in its help). */
export function noLintOption(): Option {
  return new Option('--no-lint', `no lint warnings (${LINT_CODES.join(', ')})`);
}

/** `-d NAME`. */
export function datasetOption(description = `dataset whose fields the filter uses (default: the file's '# dataset:' line, else ${DEFAULT_DATASET})`): Option {
  return new Option('-d, --dataset <name>', description);
}

/** `--scope zone|account`: the dataset as a job there sees it (`firewall_events` under an account is the account dataset). */
export function scopeOption(): Option {
  return new Option('--scope <scope>', 'the scope of the job the filter is for: its dataset as seen from there').choices([
    'zone',
    'account',
  ] satisfies JobScope[]);
}

/** `--format`: how an outcome is reported. */
export function formatOption(): Option {
  return new Option(
    '--format <format>',
    'how diagnostics are reported: text (code frames on stderr), json (the JSON envelope on stdout, as --json), github (workflow commands), sarif (SARIF 2.1.0)',
  ).choices([...OUTPUT_FORMATS]);
}

/** `--max-warnings N` and `--error-on-warnings`: warnings that fail a CI gate, as ESLint's and Biome's. */
export function addWarningLimitOptions(command: Command): Command {
  return command
    .addOption(new Option('--max-warnings <n>', 'exit 1 when there are more than N warnings (0: any warning fails; errors always do)').argParser(count))
    .addOption(new Option('--error-on-warnings', 'exit 1 when there is any warning (as --max-warnings 0)').conflicts('maxWarnings'));
}
