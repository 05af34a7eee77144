/**
 * `logfilter check --terraform PATH...`: every `cloudflare_logpush_job` resource in the `.tf` files
 * of the paths (folders are searched, `.terraform` and hidden folders skipped), its `filter` checked
 * and linted against its `dataset` as seen from its `zone_id` or `account_id` (core's one resolver),
 * each diagnostic at its line and column in the `.tf` file.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalog, type Dataset, decompile, type Diagnostic, diagnosticAt, type JobScope, resolveDataset, SourceMap } from '@logfilter/core';
import { inCwd, type Io, readTextFile, UsageError } from '../io.js';
import type { Report, ReportDiagnostic } from '../report/report.js';
import { HclSyntaxError, type MappedText, type Span } from './hcl-lexer.js';
import { type HclBlock, type HclExpr, parseHcl } from './hcl-parser.js';
import { filterSource, spanInSource } from './to-json.js';

/** The provider's resources whose `filter` is a log filter (Logpush jobs, zone and account alike). */
export const FILTER_RESOURCES = ['cloudflare_logpush_job'];

export interface TerraformCheckOptions {
  catalog: Catalog;
  maxBytes?: number;
  maxOperators?: number;
  /** Lint warnings, as for filter text (default on). */
  lint?: boolean;
}

export interface TerraformReport extends Report {
  diagnostics: ReportDiagnostic[];
  notChecked: NonNullable<Report['notChecked']>[number][];
  sources: Map<string, string>;
  files: number;
  filters: number;
}

export function checkTerraform(io: Io, paths: readonly string[], options: TerraformCheckOptions): TerraformReport {
  const report: TerraformReport = { diagnostics: [], notChecked: [], sources: new Map(), files: 0, filters: 0 };
  for (const file of paths.flatMap((path) => terraformFiles(io, path))) {
    const text = readTextFile(io, file, 'terraform');
    report.sources.set(file, text);
    report.files++;
    checkFile(file, text, options, report);
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
}

/** Every `cloudflare_logpush_job` of the `.tf` files of the paths; a file that is not HCL is a usage error at its line. */
export function terraformJobs(io: Io, paths: readonly string[]): TerraformJob[] {
  const jobs: TerraformJob[] = [];
  for (const file of paths.flatMap((path) => terraformFiles(io, path))) {
    const text = readTextFile(io, file, 'terraform');
    let blocks: HclBlock[];
    try {
      blocks = parseHcl(text).blocks;
    } catch (error) {
      if (!(error instanceof HclSyntaxError)) throw error;
      const at = new SourceMap(text).range({ start: error.offset, end: error.offset }).start;
      throw new UsageError(`${file}:${at.line}:${at.column}: ${error.message}`, 'invalid-hcl', undefined, error.hint);
    }
    for (const block of blocks) {
      if (block.type !== 'resource' || !FILTER_RESOURCES.includes(block.labels[0])) continue;
      const attribute = (name: string) => block.body.attributes.find((a) => a.name === name)?.value;
      const job: TerraformJob = { address: `${block.labels[0]}.${block.labels[1] ?? '?'}`, file, scope: jobScope(block) };
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

/** The `.tf` files a path names: itself, or those under a folder, in a stable order. */
function terraformFiles(io: Io, path: string): string[] {
  let isFolder: boolean;
  try {
    isFolder = statSync(inCwd(io, path)).isDirectory();
  } catch {
    throw new UsageError(`cannot read ${path}: no such file or folder`, 'io-error');
  }
  if (!isFolder) return [path];
  const found: string[] = [];
  for (const entry of readdirSync(inCwd(io, path), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...terraformFiles(io, child));
    else if (entry.name.endsWith('.tf')) found.push(child);
  }
  return found;
}

function checkFile(file: string, text: string, options: TerraformCheckOptions, report: TerraformReport): void {
  const map = new SourceMap(text);
  let blocks: HclBlock[];
  try {
    blocks = parseHcl(text).blocks;
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    const range = map.range({ start: error.offset, end: error.offset });
    report.diagnostics.push({ ...diagnosticAt(range, 'invalid-hcl', error.message, { hint: error.hint }), file });
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
  for (const diagnostic of result.diagnostics) scope.report.diagnostics.push(inTerraform(diagnostic, source.json, scope));
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
    const { code, message, hint } = resolved.error;
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

function inTerraform(diagnostic: Diagnostic, json: MappedText, scope: FileScope): ReportDiagnostic {
  return { ...diagnostic, file: scope.file, range: scope.map.range(spanInSource(diagnostic.range, json)) };
}
