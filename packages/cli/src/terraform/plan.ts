/**
 * `logfilter check --terraform-plan PLAN.json`: the `cloudflare_logpush_job` resources of a plan as
 * `terraform show -json` writes it (format_version 1.x), modules, `count` and `for_each` instances
 * included, with every value as Terraform will apply it. Each job's `filter` is checked against
 * its `dataset` under its scope (`zone_id` or `account_id`) by core's own job checks, and each
 * diagnostic is reported by resource address at the filter's place in the plan file.
 */
import {
  type Catalog,
  childPointer,
  decompile,
  type DiagnosticCode,
  diagnosticAt,
  type JobScope,
  readJson,
  resolveDataset,
  SourceMap,
  type Span,
} from '@logfilter/core';
import { type Io, readTextFile, UsageError } from '../io.js';
import type { ReportDiagnostic } from '../report/report.js';
import { FILTER_RESOURCES, type TerraformCheckOptions, type TerraformJob, type TerraformReport } from './check.js';

/** A job of the plan: its address, its values after apply, which of them are known only then, and where it is in the file. */
export interface PlannedJob {
  address: string;
  values: Record<string, unknown>;
  unknown: Record<string, unknown>;
  /** The JSON Pointer of `values` in the plan. */
  pointer: string;
}

const MAKE_A_PLAN = 'make one with `terraform plan -out plan.out && terraform show -json plan.out > plan.json`';

export function checkTerraformPlan(io: Io, path: string, options: TerraformCheckOptions): TerraformReport {
  const { text, read } = readPlan(io, path);
  const report: TerraformReport = { diagnostics: [], notChecked: [], sources: new Map([[path, text]]), files: 1, filters: 0 };
  const map = new SourceMap(text);
  const at = (pointer: string) => map.range(read.locations.get(pointer) ?? ({ start: 0, end: 0 } as Span));
  for (const job of plannedJobs(read.value)) checkJob(job, path, at, options, report);
  return report;
}

/** A plan file read and checked to be one (format 1.x); anything else is a usage error that says how to make one. */
export function readPlan(io: Io, path: string): { text: string; read: { value: Record<string, unknown>; locations: Map<string, Span> } } {
  const text = readTextFile(io, path, 'json');
  const read = readJson(text);
  if (!read.ok) throw new UsageError(`${path} is not valid JSON (${read.message}): ${MAKE_A_PLAN}`, 'invalid-json');
  if (!isPlan(read.value)) throw new UsageError(`${path} is not a Terraform plan in JSON (no format_version and planned_values): ${MAKE_A_PLAN}`, 'not-a-plan');
  const version = read.value.format_version as string;
  if (!version.startsWith('1.'))
    throw new UsageError(`${path} has plan format_version ${version}; logfilter reads format 1.x (terraform show -json of Terraform 1.x)`, 'not-a-plan');
  return { text, read: { value: read.value, locations: read.locations } };
}

/** True for a value `terraform show -json` writes for a plan. */
export function isPlan(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.format_version === 'string' && ('planned_values' in value || 'resource_changes' in value);
}

/** The jobs of a plan file as Terraform will apply them, for comparing versions. */
export function plannedTerraformJobs(io: Io, path: string): TerraformJob[] {
  return plannedJobs(readPlan(io, path).read.value).map((job) => {
    const found: TerraformJob = { address: job.address, file: path, scope: scopeOf(job) };
    const unknown = (attribute: string) => job.unknown[attribute] === true;
    if (unknown('dataset') || unknown('filter')) found.unknown = `the ${unknown('dataset') ? 'dataset' : 'filter'} is known only after apply`;
    if (typeof job.values.dataset === 'string' && job.values.dataset !== '') found.dataset = job.values.dataset;
    const filter = job.values.filter;
    if (typeof filter === 'string' && filter.trim() !== '') found.filter = filter;
    else if (filter !== undefined && filter !== null && filter !== '') found.unknown ??= 'the filter is not a string of filter JSON';
    return found;
  });
}

/** The jobs of a plan: each resource change that is not a deletion, then any planned value not among them. */
export function plannedJobs(plan: Record<string, unknown>): PlannedJob[] {
  const jobs = new Map<string, PlannedJob>();
  const seen = new Set<string>();
  const changes = Array.isArray(plan.resource_changes) ? plan.resource_changes : [];
  changes.forEach((change: unknown, index) => {
    if (!isRecord(change) || !isJob(change) || !isRecord(change.change)) return;
    const address = String(change.address);
    seen.add(address);
    const { actions, after, after_unknown: unknown } = change.change;
    // A deletion (alone) has nothing after it; a replacement's `after` is the new job.
    if (!isRecord(after) || (Array.isArray(actions) && actions.includes('delete') && !actions.includes('create'))) return;
    jobs.set(address, { address, values: after, unknown: isRecord(unknown) ? unknown : {}, pointer: `/resource_changes/${index}/change/after` });
  });
  const modules = (module: unknown, pointer: string): void => {
    if (!isRecord(module)) return;
    const resources = Array.isArray(module.resources) ? module.resources : [];
    resources.forEach((resource: unknown, index) => {
      if (!isRecord(resource) || !isJob(resource) || !isRecord(resource.values) || seen.has(String(resource.address))) return;
      const address = String(resource.address);
      jobs.set(address, { address, values: resource.values, unknown: {}, pointer: `${pointer}/resources/${index}/values` });
    });
    const children = Array.isArray(module.child_modules) ? module.child_modules : [];
    children.forEach((child: unknown, index) => {
      modules(child, `${pointer}/child_modules/${index}`);
    });
  };
  if (isRecord(plan.planned_values)) modules(plan.planned_values.root_module, '/planned_values/root_module');
  return [...jobs.values()];
}

function checkJob(job: PlannedJob, file: string, at: (pointer: string) => ReportDiagnostic['range'], options: TerraformCheckOptions, report: TerraformReport) {
  const pointer = (attribute: string) => childPointer(job.pointer, attribute);
  const notChecked = (attribute: string, reason: string) =>
    report.notChecked.push({ file, range: at(job.pointer), reason: `${job.address}: the ${attribute} is ${reason}` });
  if (job.unknown.filter === true) return notChecked('filter', 'known only after apply');
  const filter = job.values.filter;
  if (filter === undefined || filter === null || filter === '') return;
  const error = (code: DiagnosticCode, attribute: string, message: string, hint?: string) =>
    report.diagnostics.push({ ...diagnosticAt(at(pointer(attribute)), code, `${job.address}: ${message}`, { hint }), file, address: job.address });
  if (typeof filter !== 'string')
    return error('wrong-json-type', 'filter', 'filter must be a string of filter JSON', 'write filter = jsonencode({ where = ... })');
  if (job.unknown.dataset === true) return notChecked('dataset', 'known only after apply');
  const dataset = job.values.dataset;
  if (typeof dataset !== 'string' || dataset === '') return notChecked('dataset', 'not set');
  const scope = scopeOf(job);
  const scoped = resolveDataset({ dataset, catalog: options.catalog as Catalog, scope });
  if (scoped.error) {
    const other = scope === 'zone' ? 'account' : 'zone';
    error(
      scoped.error.code,
      'dataset',
      scoped.error.message,
      scoped.error.code === 'wrong-scope' ? `set ${other}_id instead of ${scope}_id` : scoped.error.hint,
    );
    // A dataset of the other scope is still checked, as `check --terraform` does, so its filter's problems show at once.
    if (!scoped.dataset) return;
  }
  report.filters++;
  const result = decompile(filter, {
    dataset: scoped.dataset!,
    catalog: options.catalog as Catalog,
    maxBytes: options.maxBytes,
    maxOperators: options.maxOperators,
  });
  for (const diagnostic of result.diagnostics) {
    report.diagnostics.push({ ...diagnostic, file, address: job.address, message: `${job.address}: ${diagnostic.message}`, range: at(pointer('filter')) });
  }
}

/** A job under a zone or an account, by which id it sets (an id known only after apply still says which). */
function scopeOf(job: PlannedJob): JobScope | undefined {
  const set = (attribute: string) => job.unknown[attribute] === true || (typeof job.values[attribute] === 'string' && job.values[attribute] !== '');
  return set('account_id') ? 'account' : set('zone_id') ? 'zone' : undefined;
}

function isJob(resource: Record<string, unknown>): boolean {
  return resource.mode === 'managed' && typeof resource.type === 'string' && FILTER_RESOURCES.includes(resource.type);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
