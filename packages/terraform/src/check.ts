/**
 * The check of `.tf` files: every `cloudflare_logpush_job` resource's `filter` checked and linted
 * against its `dataset` as seen from its `zone_id` or `account_id` (core's one resolver), each
 * diagnostic at its line and column in the `.tf` file; and the jobs of `.tf` files as Terraform
 * would send them, for comparing versions. Both take the files' text: reading them is the caller's.
 */
import {
  type Catalog,
  type Dataset,
  decompile,
  type Diagnostic,
  diagnosticAt,
  type JobScope,
  MESSAGES,
  type Range,
  resolveDataset,
  SourceMap,
  wordingOf,
} from '@logfilter/core';
import { TerraformInputError } from './errors.js';
import type { TerraformFile } from './files.js';
import { HclSyntaxError, type MappedText, type Span } from './hcl-lexer.js';
import { type HclBlock, type HclExpr, parseHcl } from './hcl-parser.js';
import { filterSource, spanInSource } from './to-json.js';

const words = wordingOf(MESSAGES);

/** The provider's resources whose `filter` is a log filter (Logpush jobs, zone and account alike). */
export const FILTER_RESOURCES = ['cloudflare_logpush_job'];

export interface TerraformCheckOptions {
  /** The datasets filters are checked against (core's `builtinCatalog()` for the service's own). */
  catalog: Catalog;
  maxBytes?: number;
  maxOperators?: number;
  /** Lint warnings, as for filter text (default on). */
  lint?: boolean;
}

/** Core's diagnostic, with the file it is in and, when it is about a job, the job's resource address. */
export interface TerraformDiagnostic extends Diagnostic {
  file: string;
  address?: string;
}

/** A filter that was looked at but could not be checked (built from a variable, say), and why. */
export interface TerraformNotChecked {
  file: string;
  range: Range;
  reason: string;
}

/** What a check found: diagnostics as data, the filters not checked, each file's text (for code frames), and counts. */
export interface TerraformReport {
  diagnostics: TerraformDiagnostic[];
  notChecked: TerraformNotChecked[];
  sources: Map<string, string>;
  files: number;
  filters: number;
}

/** Checks the filter of every `cloudflare_logpush_job` of the files; a file that is not HCL is an `invalid-hcl` diagnostic at its place. */
export function checkTerraform(files: readonly TerraformFile[], options: TerraformCheckOptions): TerraformReport {
  const report: TerraformReport = { diagnostics: [], notChecked: [], sources: new Map(), files: 0, filters: 0 };
  for (const { name, text } of files) {
    report.sources.set(name, text);
    report.files++;
    checkFile(name, text, options, report);
  }
  return report;
}

/** A job resource as Terraform would send it, for comparing versions: what is known of its dataset, scope and filter. */
export interface TerraformJob {
  address: string;
  file: string;
  dataset?: string;
  scope?: JobScope;
  /** The filter JSON; undefined when the resource has none (it lets every record through). */
  filter?: string;
  /** Why the dataset or the filter is known only when Terraform plans, when it is. */
  unknown?: string;
  /**
   * The dataset and the filter exactly as written (in a plan: their values), when both are there to
   * read: two versions of a job whose `written` and scope are equal send the same job, whatever a
   * variable in it holds. Undefined when a value is known only after apply.
   */
  written?: string;
}

/** Every `cloudflare_logpush_job` of the `.tf` files; a file that is not HCL throws a TerraformInputError (`invalid-hcl`) at its place. */
export function terraformJobs(files: readonly TerraformFile[]): TerraformJob[] {
  const jobs: TerraformJob[] = [];
  for (const { name: file, text } of files) {
    let blocks: HclBlock[];
    try {
      blocks = parseHcl(text).blocks;
    } catch (error) {
      if (!(error instanceof HclSyntaxError)) throw error;
      const range = new SourceMap(text).range({ start: error.offset, end: error.offset });
      const { message, hint } = words('invalid-hcl', 'syntax', { detail: error.message, remedy: error.hint });
      throw new TerraformInputError(`${file}:${range.start.line}:${range.start.column}: ${message}`, 'invalid-hcl', { file, range, hint });
    }
    for (const block of blocks) {
      if (block.type !== 'resource' || !FILTER_RESOURCES.includes(block.labels[0])) continue;
      const attribute = (name: string) => block.body.attributes.find((a) => a.name === name)?.value;
      const job: TerraformJob = { address: `${block.labels[0]}.${block.labels[1] ?? '?'}`, file, scope: jobScope(block) };
      const source = (expr: HclExpr | undefined) => (expr ? text.slice(expr.start, expr.end) : null);
      job.written = JSON.stringify([source(attribute('dataset')), source(attribute('filter'))]);
      const dataset = attribute('dataset');
      if (dataset?.kind === 'string' && !dataset.interpolation) job.dataset = dataset.value.text;
      else if (dataset) job.unknown = `the dataset is ${dataset.kind === 'opaque' ? `\`${dataset.text}\`` : 'computed'}, known only when Terraform plans`;
      const filter = attribute('filter');
      if (filter && !(filter.kind === 'string' && filter.value.text.trim() === '')) {
        const source = filterSource(filter);
        if (source.notChecked) job.unknown ??= source.notChecked.reason;
        else job.filter = source.json.text;
      }
      jobs.push(job);
    }
  }
  return jobs;
}

function checkFile(file: string, text: string, options: TerraformCheckOptions, report: TerraformReport): void {
  const map = new SourceMap(text);
  let blocks: HclBlock[];
  try {
    blocks = parseHcl(text).blocks;
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    const range = map.range({ start: error.offset, end: error.offset });
    report.diagnostics.push({ ...diagnosticAt(range, words('invalid-hcl', 'syntax', { detail: error.message, remedy: error.hint })), file });
    return;
  }
  for (const block of blocks) {
    if (block.type !== 'resource' || !FILTER_RESOURCES.includes(block.labels[0])) continue;
    checkResource(block, { file, map, options, report });
  }
}

interface FileScope {
  file: string;
  map: SourceMap;
  options: TerraformCheckOptions;
  report: TerraformReport;
}

function checkResource(block: HclBlock, scope: FileScope): void {
  const address = `${block.labels[0]}.${block.labels[1] ?? '?'}`;
  const attribute = (name: string) => block.body.attributes.find((a) => a.name === name)?.value;
  const filter = attribute('filter');
  if (!filter || (filter.kind === 'string' && filter.value.text.trim() === '')) return;
  const notChecked = (reason: string, at: Span) =>
    scope.report.notChecked.push({ file: scope.file, range: scope.map.range(at), reason: `${address}: ${reason}` });
  const dataset = datasetOf(attribute('dataset'), block, scope);
  if (!('dataset' in dataset)) {
    if (dataset.reason) notChecked(dataset.reason, dataset.at);
    return;
  }
  const source = filterSource(filter);
  if (source.notChecked) {
    notChecked(source.notChecked.reason, source.notChecked.at);
    return;
  }
  scope.report.filters++;
  const result = decompile(source.json.text, {
    dataset: dataset.dataset,
    catalog: scope.options.catalog,
    lint: scope.options.lint,
    maxBytes: scope.options.maxBytes,
    maxOperators: scope.options.maxOperators,
  });
  for (const diagnostic of result.diagnostics) scope.report.diagnostics.push(inTerraform(diagnostic, source.json, filter, scope));
}

/** The dataset named by a literal `dataset` in the job's scope; a reason when it cannot be known, an error when it is not a dataset there. */
function datasetOf(expr: HclExpr | undefined, block: HclBlock, scope: FileScope): { dataset: Dataset } | { reason?: string; at: Span } {
  if (!expr) return { reason: 'the resource names no dataset', at: block };
  if (expr.kind !== 'string' || expr.interpolation) {
    const shown = expr.kind === 'opaque' ? `\`${expr.text}\`` : expr.kind === 'string' ? expr.interpolation : `a ${expr.kind}`;
    return { reason: `the dataset is ${shown}, known only when Terraform plans`, at: expr };
  }
  const resolved = resolveDataset({ dataset: expr.value.text, catalog: scope.options.catalog, scope: jobScope(block) });
  if (resolved.error) {
    const { code, message, advice } = resolved.error;
    // A scope to give is said in Terraform's terms, as the plan check says it.
    const hint = advice?.kind === 'scope' ? `set ${advice.scope}_id instead of ${advice.given}_id` : resolved.error.hint;
    scope.report.diagnostics.push({
      ...diagnosticAt(scope.map.range({ start: expr.start + 1, end: expr.end - 1 }), code, message, { hint }),
      file: scope.file,
    });
  }
  // A dataset of the other scope is still checked, so that its filter's problems show at once.
  return resolved.dataset ? { dataset: resolved.dataset } : { at: expr };
}

/** Where the resource's job lives: `account_id` or `zone_id` (unknown with both or neither). */
function jobScope(block: HclBlock): JobScope | undefined {
  const has = (name: string) => block.body.attributes.some((attribute) => attribute.name === name);
  const account = has('account_id');
  return account === has('zone_id') ? undefined : account ? 'account' : 'zone';
}

function inTerraform(diagnostic: Diagnostic, json: MappedText, filter: Span, scope: FileScope): TerraformDiagnostic {
  return { ...diagnostic, file: scope.file, range: scope.map.range(spanInSource(diagnostic.range, json, filter)) };
}
