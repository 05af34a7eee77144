/** `logfilter check --terraform PATH...` and `check --terraform-plan PLAN.json`, reported in any of the report formats. */
import type { Context } from '../context.js';
import { parsePositiveInt, UsageError } from '../io.js';
import { writeReport } from '../report/cli.js';
import { type ReportFormat, reportExitCode } from '../report/report.js';
import { checkTerraform, checkTerraformPlan, type TerraformReport } from '@logfilter/terraform';
import { readPlanFile, readTerraformFiles, terraformInput } from './read.js';

export interface TerraformFlags {
  terraform?: string[];
  terraformPlan?: string;
  dataset?: string;
  scope?: string;
  file?: string;
  maxBytes?: string;
  maxOperators?: string;
  lint?: boolean;
  json?: boolean;
  format?: ReportFormat;
}

export function runTerraformCheck(context: Context, filter: string | undefined, flags: TerraformFlags): number {
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
    maxBytes: flags.maxBytes === undefined ? undefined : parsePositiveInt(flags.maxBytes, '--max-bytes'),
    maxOperators: flags.maxOperators === undefined ? undefined : parsePositiveInt(flags.maxOperators, '--max-operators'),
  };
  const plan = flags.terraformPlan;
  const report =
    plan !== undefined
      ? terraformInput(() => checkTerraformPlan(readPlanFile(context.io, plan), options))
      : checkTerraform(readTerraformFiles(context.io, flags.terraform ?? []), options);
  return writeTerraformReport(context, report, flags);
}

function writeTerraformReport(context: Context, report: TerraformReport, flags: TerraformFlags): number {
  const { io } = context;
  const format = flags.json ? 'json' : (flags.format ?? 'text');
  writeReport(context, report, format);
  if (format === 'text') {
    const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    const warnings = report.diagnostics.length - errors;
    const skipped = report.notChecked.length > 0 ? `, ${report.notChecked.length} not checked` : '';
    io.stderr.write(
      `${errors > 0 ? 'failed' : 'ok'}: ${report.filters} filter${report.filters === 1 ? '' : 's'} checked in ${report.files} file${report.files === 1 ? '' : 's'}${skipped}; ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`,
    );
  }
  return reportExitCode(report);
}
