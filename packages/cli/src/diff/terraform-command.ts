/**
 * `logfilter diff OLD NEW` when both are Terraform: which inputs are (`.tf` files, folders, plans in
 * JSON found by their content), their jobs read and compared by address by @logfilter/terraform, with
 * the solver's comparison by meaning, and printed. Exit 0 when every job keeps its meaning, 1 when one changed, was
 * added or removed, 2 usage or a filter with errors, 3 undecided (and nothing changed).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { INPUT_LIMITS } from '@logfilter/core';
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, inCwd, type Io, readTextFile, UsageError } from '../io.js';
import { type Outcome, RawJson } from '../outcome.js';
import {
  type CompareFilters,
  diffTerraform as diffJobs,
  type FilterRelation,
  isPlan,
  type JobChange,
  plannedTerraformJobs,
  SAME_TEXT,
  type TerraformJob,
  terraformJobs,
} from '@logfilter/terraform';
import { readPlanFile, readTerraformFiles, terraformInput } from '../terraform/read.js';
import { EXIT_UNDECIDED, solverErrors } from './exits.js';
import { type Budget, compareFilters } from '@logfilter/solver';

export type TerraformKind = 'tf' | 'plan';

/**
 * What kind of Terraform input an argument is: a folder or a `.tf` file, a plan in JSON (by its
 * content); undefined for anything else. Its size is looked at before anything is read: a file
 * within the filter JSON limit is read (within that limit) to see whether it is a plan; a larger
 * one can only be a plan, and is taken for one when its first bytes say so (`terraform show -json`
 * writes `format_version` first), so that the plan reader refuses it by its size or reads it within
 * the plan limit. Nothing larger than the filter JSON limit is read here.
 */
export function terraformKind(io: Io, argument: string): TerraformKind | undefined {
  if (argument === '-') return undefined;
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(inCwd(io, argument));
  } catch {
    return undefined;
  }
  if (stats.isDirectory() || (stats.isFile() && argument.endsWith('.tf'))) return 'tf';
  if (!stats.isFile() || !argument.endsWith('.json')) return undefined;
  try {
    if (stats.size > INPUT_LIMITS.json) return head(inCwd(io, argument)).includes('"format_version"') ? 'plan' : undefined;
    return isPlan(JSON.parse(readTextFile(io, argument, 'json'))) ? 'plan' : undefined;
  } catch {
    return undefined;
  }
}

const HEAD_BYTES = 4096;

/** The first bytes of a file, as text. */
function head(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(HEAD_BYTES);
    return bytes.subarray(0, readSync(fd, bytes, 0, HEAD_BYTES, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const CHANGE: Record<FilterRelation, string> = {
  same: 'same meaning',
  'old-wider': 'OLD lets through more',
  'new-wider': 'NEW lets through more',
  overlap: 'they overlap, each lets through records the other does not',
  disjoint: 'no record passes both',
  differ: 'they differ',
  undecided: 'undecided',
};

export async function diffTerraform(
  context: Context,
  paths: [string, string],
  kinds: [TerraformKind, TerraformKind],
  options: { json: boolean } & Budget,
): Promise<Outcome> {
  const { io } = context;
  const read = (path: string, kind: TerraformKind): TerraformJob[] =>
    kind === 'plan' ? terraformInput(() => plannedTerraformJobs(readPlanFile(io, path))) : terraformInput(() => terraformJobs(readTerraformFiles(io, [path])));
  const [older, newer] = [read(paths[0], kinds[0]), read(paths[1], kinds[1])];
  if (older.length === 0 && newer.length === 0) throw new UsageError(`no cloudflare_logpush_job resource in ${paths[0]} or ${paths[1]}`, 'no-jobs');
  // The solver's comparison by meaning, with the work budget of each question.
  const compare: CompareFilters = (a, b, dataset) => compareFilters(a, b, dataset, { work: options.work, safetyMs: options.safetyMs });
  const diff = await solverErrors(() => diffJobs(older, newer, { catalog: context.catalog(), compare }));
  if (diff.problems.length > 0) {
    // Each job that could not be read, framed in its file; in JSON, the envelope with the diagnostics.
    const message = `${diff.problems.length} job${diff.problems.length === 1 ? '' : 's'} could not be read: fix ${diff.problems.length === 1 ? 'it' : 'them'} first`;
    const diagnostics = diff.problems.flatMap((problem) =>
      problem.diagnostics.map((diagnostic) => ({ diagnostic, source: problem.text === '' ? undefined : { text: problem.text, name: problem.name } })),
    );
    return { exitCode: EXIT_USAGE, result: { jobs: [], error: { kind: 'invalid-job', message } }, diagnostics, stderr: `logfilter: ${message}\n` };
  }
  const exitCode = diff.changes.some((change) => change.change === 'changed' || change.change === 'added' || change.change === 'removed')
    ? EXIT_INVALID
    : diff.changes.some((change) => change.change === 'undecided')
      ? EXIT_UNDECIDED
      : EXIT_OK;
  return { exitCode, result: { jobs: diff.changes.map(changeJson) }, ...changesText(diff.changes) };
}

function changesText(changes: JobChange[]): { stdout: string; stderr: string } {
  let stdout = '';
  for (const change of changes) {
    if (change.change === 'added' || change.change === 'removed') {
      stdout += `${change.address}: ${change.change}\n`;
      continue;
    }
    if (change.change === 'same' && change.reason === SAME_TEXT) {
      stdout += `${change.address}: unchanged (${SAME_TEXT})\n`;
      continue;
    }
    const says = change.change === 'same' ? 'same meaning' : change.relation ? CHANGE[change.relation] : change.change;
    stdout += `${change.address}: ${says}${change.reason ? ` (${change.reason})` : ''}\n`;
    for (const witness of change.witnesses ?? []) stdout += `  only ${witness.old ? 'OLD' : 'NEW'} lets this record through: ${witness.line}\n`;
  }
  const count = (kind: JobChange['change']) => changes.filter((change) => change.change === kind).length;
  const parts = (['changed', 'added', 'removed', 'same', 'undecided'] as const)
    .filter((kind) => count(kind) > 0)
    .map((kind) => `${count(kind)} ${kind === 'same' ? 'unchanged' : kind}`);
  return { stdout, stderr: `${changes.length} job${changes.length === 1 ? '' : 's'}: ${parts.join(', ')}\n` };
}

/** One job's change in JSON: a witness's line is JSON already, with every digit of its numbers, and goes in as written. */
function changeJson(change: JobChange): Record<string, unknown> {
  return {
    address: change.address,
    change: change.change,
    ...(change.relation && { relation: change.relation }),
    ...(change.witnesses && { witnesses: change.witnesses.map((witness) => ({ record: new RawJson(witness.line), old: witness.old, new: witness.new })) }),
    ...(change.reason && { reason: change.reason }),
  };
}
