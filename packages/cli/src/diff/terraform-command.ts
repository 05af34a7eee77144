/**
 * `logfilter diff OLD NEW` when both are Terraform: which inputs are (`.tf` files, folders, plans in
 * JSON found by their content), their jobs read by the Terraform readers, compared by address
 * (diff/terraform.ts) and printed. Exit 0 when every job keeps its meaning, 1 when one changed, was
 * added or removed, 2 usage or a filter with errors, 3 undecided (and nothing changed).
 */
import { readFileSync, statSync } from 'node:fs';
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, inCwd, type Io, UsageError } from '../io.js';
import { printReported } from '../service.js';
import { type TerraformJob, terraformJobs } from '../terraform/check.js';
import { isPlan, plannedTerraformJobs } from '../terraform/plan.js';
import { EXIT_UNDECIDED, solverErrors } from './exits.js';
import type { Relation } from './solve.js';
import { compareTerraform, type JobChange } from './terraform.js';

export type TerraformKind = 'tf' | 'plan';

/** What kind of Terraform input an argument is: a folder or a `.tf` file, a plan in JSON (by its content); undefined for anything else. */
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
    return isPlan(JSON.parse(readFileSync(inCwd(io, argument), 'utf8'))) ? 'plan' : undefined;
  } catch {
    return undefined;
  }
}

const CHANGE: Record<Relation, string> = {
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
  options: { json: boolean; timeoutMs?: number },
): Promise<number> {
  const { io } = context;
  const read = (path: string, kind: TerraformKind): TerraformJob[] => (kind === 'plan' ? plannedTerraformJobs(io, path) : terraformJobs(io, [path]));
  const [older, newer] = [read(paths[0], kinds[0]), read(paths[1], kinds[1])];
  if (older.length === 0 && newer.length === 0) throw new UsageError(`no cloudflare_logpush_job resource in ${paths[0]} or ${paths[1]}`, 'no-jobs');
  const diff = await solverErrors(() => compareTerraform(older, newer, context.catalog(), { timeoutMs: options.timeoutMs }));
  if (diff.problems.length > 0) {
    for (const problem of diff.problems) {
      if (problem.text === '') printReported(io, problem.diagnostics);
      else context.printDiagnostics(problem.diagnostics, problem.text, problem.name);
    }
    throw new UsageError(
      `${diff.problems.length} job${diff.problems.length === 1 ? '' : 's'} could not be read: fix ${diff.problems.length === 1 ? 'it' : 'them'} first`,
      'invalid-job',
    );
  }
  if (options.json) printJson(io, diff.changes);
  else printText(io, diff.changes);
  if (diff.changes.some((change) => change.change === 'changed' || change.change === 'added' || change.change === 'removed')) return EXIT_INVALID;
  return diff.changes.some((change) => change.change === 'undecided') ? EXIT_UNDECIDED : EXIT_OK;
}

function printText(io: Io, changes: JobChange[]): void {
  for (const change of changes) {
    if (change.change === 'added' || change.change === 'removed') {
      io.stdout.write(`${change.address}: ${change.change}\n`);
      continue;
    }
    const says = change.change === 'same' ? 'same meaning' : change.relation ? CHANGE[change.relation] : change.change;
    io.stdout.write(`${change.address}: ${says}${change.reason ? ` (${change.reason})` : ''}\n`);
    for (const witness of change.witnesses ?? []) {
      io.stdout.write(`  only ${witness.old ? 'OLD' : 'NEW'} lets this record through: ${witness.line}\n`);
    }
  }
  const count = (kind: JobChange['change']) => changes.filter((change) => change.change === kind).length;
  const parts = (['changed', 'added', 'removed', 'same', 'undecided'] as const)
    .filter((kind) => count(kind) > 0)
    .map((kind) => `${count(kind)} ${kind === 'same' ? 'unchanged' : kind}`);
  io.stderr.write(`${changes.length} job${changes.length === 1 ? '' : 's'}: ${parts.join(', ')}\n`);
}

function printJson(io: Io, changes: JobChange[]): void {
  // A witness's line is JSON already, with every digit of its numbers: it goes in as written.
  const entries = changes.map((change) => {
    const members = [`"address":${JSON.stringify(change.address)}`, `"change":${JSON.stringify(change.change)}`];
    if (change.relation) members.push(`"relation":${JSON.stringify(change.relation)}`);
    if (change.witnesses)
      members.push(`"witnesses":[${change.witnesses.map((witness) => `{"record":${witness.line},"old":${witness.old},"new":${witness.new}}`).join(',')}]`);
    if (change.reason) members.push(`"reason":${JSON.stringify(change.reason)}`);
    return `{${members.join(',')}}`;
  });
  io.stdout.write(`{"jobs":[${entries.join(',')}]}\n`);
}
