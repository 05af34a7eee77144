/**
 * What compile and check do beyond filter text: check's Terraform files and plans (--terraform,
 * --terraform-plan), its filter JSON (--from-json), its solver's exact lint (--deep), and compile's
 * -o hcl. compile.ts reaches them only through this module, which the language bundle
 * (dist/language.cjs) leaves out: bin/logfilter.cjs runs a command line naming any of them from the
 * full bundle (scripts/bundle.mjs checks that the two lists of words agree), so that a compile of
 * filter text loads no Terraform parser, filter JSON reader or solver encoding.
 */
import type { Dataset } from '@logfilter/core';
import { deepLint, SolverMissing } from '@logfilter/solver';
import { solverMissingMessage, solverProgress, solverSeconds, solverUnits } from '../diff/exits.js';
import type { CheckedFilter } from '../input.js';
import type { Io, Source } from '../io.js';
import { locate } from '../outcome.js';

export { jsonencodeExpression } from '@logfilter/terraform';
export { checkJson } from '../filter-json.js';
export { runTerraformCheck } from '../terraform/command.js';

/**
 * The words of a command line that ask for what this module does (an option, or its value for
 * -o hcl): bin/logfilter.cjs runs such a line from the full bundle. A word is matched loosely (a
 * filter that merely contains `hcl` runs from the full bundle too, with the same result).
 * scripts/bundle.mjs reads it from the built module, which knip does not see: hence `@public`.
 * @public
 */
export const FULL_BUNDLE_WORDS = ['--terraform', '--terraform-plan', '--from-json', '--deep', 'hcl'];

/** check --deep's budget options, as given. */
export interface DeepFlags {
  budget?: string;
  totalBudget?: string;
  timeout?: string;
}

/**
 * The solver's warnings beside the quick rules' (one of each at a place), and a note for each
 * question it did not decide, with its range; the quick rules alone, with a note, when z3-solver
 * is absent. Returns the notes and how many questions were not decided.
 */
export async function addDeepLint(
  io: Io,
  source: Source,
  dataset: Dataset,
  checked: CheckedFilter,
  flags: DeepFlags,
): Promise<{ notes: string[]; undecided: number; byBudget: boolean }> {
  const options = {
    work: flags.budget === undefined ? undefined : solverUnits(flags.budget, '--budget'),
    totalWork: flags.totalBudget === undefined ? undefined : solverUnits(flags.totalBudget, '--total-budget'),
    totalSafetyMs: flags.timeout === undefined ? undefined : solverSeconds(flags.timeout, '--timeout'),
  };
  const result = checked.compiled;
  const progress = solverProgress('check --deep', io.stderr);
  try {
    const seen = new Set(result.diagnostics.map((d) => `${d.code}@${d.range.start.offset}:${d.range.end.offset}`));
    const deep = await deepLint(source.text, dataset, { ...options, onProgress: progress.update }).finally(progress.stop);
    const added = deep.diagnostics.filter((d) => !seen.has(`${d.code}@${d.range.start.offset}:${d.range.end.offset}`));
    result.diagnostics = [...result.diagnostics, ...added].sort((a, b) => a.range.start.offset - b.range.start.offset);
    checked.diagnostics = locate(result.diagnostics, source);
    const where = source.name === undefined || source.name === '<stdin>' ? '' : `${source.name}:`;
    const asked = { 'never-matches': 'whether any record passes it', 'always-matches': 'whether every record passes it', redundant: 'whether it is redundant' };
    const notes: string[] = [];
    for (const note of deep.undecided) {
      const { start, end } = note.range;
      const place = `${where}${start.line}:${start.column}-${end.line}:${end.column} '${note.text}'`;
      // A constant outside the model leaves every question of its part undecided for one reason: said once.
      const what = note.limit === 'not-modelled' ? `not modelled: ${note.reason}` : `not decided ${asked[note.question]}: ${note.reason}`;
      const line = `note[undecided]: ${place}: ${what}\n`;
      if (!notes.includes(line)) notes.push(line);
    }
    return { notes, undecided: deep.undecided.length, byBudget: deep.undecided.some((note) => note.limit !== 'not-modelled') };
  } catch (error) {
    if (!(error instanceof SolverMissing)) throw error;
    return { notes: [`logfilter: note: --deep checked with the quick rules only: ${solverMissingMessage('check --deep')}\n`], undecided: 0, byBudget: false };
  }
}
