/** `logfilter check --terraform PATH...` and `check --terraform-plan PLAN.json`, reported in any of the report formats. */
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, UsageError } from '../io.js';
import type { Outcome, OutputFormat } from '../outcome.js';
import { checkTerraform, checkTerraformPlan, type TerraformReport } from '@logfilter/terraform';
import { readPlanFile, readTerraformFiles, terraformInput } from './read.js';

export interface TerraformFlags {
  terraform?: string[];
  terraformPlan?: string;
  dataset?: string;
  scope?: string;
  file?: string;
  maxBytes?: number;
  maxOperators?: number;
  lint?: boolean;
  json?: boolean;
  format?: OutputFormat;
}

export function runTerraformCheck(context: Context, filter: string | undefined, flags: TerraformFlags): Outcome {
  const option = flags.terraformPlan !== undefined ? '--terraform-plan' : '--terraform';
  if (flags.terraform && flags.terraformPlan !== undefined) throw new UsageError('give --terraform (.tf files) or --terraform-plan (a plan in JSON), not both');
  if (filter !== undefined || flags.file !== undefined)
    throw new UsageError(
      `${option} checks the filters of its ${option === '--terraform' ? '.tf files: give paths to it' : 'plan: give the plan file to it'}, not a filter or --file`,
    );
  if (flags.dataset !== undefined || flags.scope !== undefined)
    throw new UsageError(`${option} checks each filter against its resource's own dataset and scope (zone_id or account_id): leave out --dataset and --scope`);
  const options = {
    catalog: context.catalog(),
    lint: flags.lint,
    maxBytes: flags.maxBytes,
    maxOperators: flags.maxOperators,
  };
  const plan = flags.terraformPlan;
  const report =
    plan !== undefined
      ? terraformInput(() => checkTerraformPlan(readPlanFile(context.io, plan), options))
      : checkTerraform(readTerraformFiles(context.io, flags.terraform ?? []), options);
  return terraformOutcome(report);
}

/** The diagnostics of every resource, each framed in its file; a summary line for people; `files`, `filters` and `notChecked` in JSON. */
function terraformOutcome(report: TerraformReport): Outcome {
  const diagnostics = report.diagnostics.map((diagnostic) => {
    const text = report.sources.get(diagnostic.file ?? '');
    return { diagnostic, source: text === undefined ? undefined : { text, name: diagnostic.file } };
  });
  const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = report.diagnostics.length - errors;
  const skipped = report.notChecked.length > 0 ? `, ${report.notChecked.length} not checked` : '';
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return {
    exitCode: errors > 0 ? EXIT_INVALID : EXIT_OK,
    result: { files: report.files, filters: report.filters },
    diagnostics,
    notChecked: report.notChecked,
    stderr: `${errors > 0 ? 'failed' : 'ok'}: ${plural(report.filters, 'filter')} checked in ${plural(report.files, 'file')}${skipped}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`,
  };
}
