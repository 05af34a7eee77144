/**
 * The check of a plan: the `cloudflare_logpush_job` resources of a plan as
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
  INPUT_LIMITS,
  inputTooLarge,
  MAX_NESTING,
  type Diagnostic,
  type JobScope,
  type Range,
  readJson,
  resolveDataset,
  SourceMap,
  sizeOver,
  type Span,
} from '@logfilter/core';
import { FILTER_RESOURCES, type TerraformCheckOptions, type TerraformJob, type TerraformReport } from './check.js';
import { TerraformInputError } from './errors.js';
import type { TerraformFile } from './files.js';
import type { MappedText } from './hcl-lexer.js';
import { placesOf } from './json-places.js';
import { spanInSource } from './to-json.js';

/** A job of the plan: its address, its values after apply, which of them are known only then, and where it is in the file. */
interface PlannedJob {
  address: string;
  values: Record<string, unknown>;
  unknown: Record<string, unknown>;
  /** The JSON Pointer of `values` in the plan. */
  pointer: string;
}

const MAKE_A_PLAN = 'make one with `terraform plan -out plan.out && terraform show -json plan.out > plan.json`';

/** Checks the filter of every job of a plan (`plan.text` as `terraform show -json` writes it); a text that is not a plan throws a TerraformInputError. */
export function checkTerraformPlan(plan: TerraformFile, options: TerraformCheckOptions): TerraformReport {
  const path = plan.name;
  const { text } = plan;
  const jobs = plannedJobs(readPlan(plan), path);
  const report: TerraformReport = { diagnostics: [], notChecked: [], sources: new Map([[path, text]]), files: 1, filters: 0 };
  const map = new SourceMap(text);
  // The places a report can point at: each job, its filter and its dataset.
  const wanted = new Set(jobs.flatMap((job) => [job.pointer, childPointer(job.pointer, 'filter'), childPointer(job.pointer, 'dataset')]));
  const places = placesOf(text, wanted);
  const spanOf = (pointer: string): Span => places.get(pointer) ?? { start: 0, end: 0 };
  const place: Place = {
    at: (pointer) => map.range(spanOf(pointer)),
    inString(pointer, range) {
      const decoded = decodedString(text, spanOf(pointer));
      return decoded ? map.range(spanInSource(range, decoded, spanOf(pointer))) : map.range(spanOf(pointer));
    },
  };
  for (const job of jobs) checkJob(job, path, place, options, report);
  return report;
}

/** Where things are in the plan file: a value by its JSON Pointer, and a range of a string value's text. */
interface Place {
  at(pointer: string): Range;
  /** A range of the decoded text of the string at `pointer`, as written in the file (the whole string when it cannot be mapped). */
  inString(pointer: string, range: Range): Range;
}

const ESCAPED: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The JSON string literal at `span` of `text`, decoded, each UTF-16 unit keeping the span of what
 * wrote it (one character, or its escape), so that a diagnostic inside a filter string can point at
 * its criterion in the plan; undefined when `span` holds no string.
 */
function decodedString(text: string, span: Span): MappedText | undefined {
  if (text[span.start] !== '"' || text[span.end - 1] !== '"' || span.end - span.start < 2) return undefined;
  const out: MappedText = { text: '', starts: [], ends: [] };
  const add = (unit: string, start: number, end: number) => {
    out.text += unit;
    out.starts.push(start);
    out.ends.push(end);
  };
  for (let i = span.start + 1; i < span.end - 1; ) {
    if (text[i] !== '\\') {
      add(text[i], i, i + 1);
      i++;
    } else if (text[i + 1] === 'u') {
      add(String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16)), i, i + 6);
      i += 6;
    } else {
      const unit = ESCAPED[text[i + 1]];
      if (unit === undefined) return undefined;
      add(unit, i, i + 2);
      i += 2;
    }
  }
  return out;
}

/** A plan's text read and checked to be one (format 1.x); anything else throws a TerraformInputError that says how to make one. */
function readPlan({ name: path, text }: TerraformFile): Record<string, unknown> {
  const file = { file: path };
  const bytes = sizeOver(text, INPUT_LIMITS.plan);
  if (bytes !== undefined) {
    const { message, hint, advice } = inputTooLarge('plan', bytes, path);
    throw new TerraformInputError(message, 'input-too-large', { ...file, hint, advice });
  }
  // JSON.parse reads tens of MB in a second. Core's reader, which keeps every value's place, says
  // better what is wrong, but takes seconds per MB: it words the error of a text of filter size.
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const read = text.length <= INPUT_LIMITS.json ? readJson(text) : undefined;
    const why = read && !read.ok ? read.message : (error as Error).message;
    throw new TerraformInputError(`${path} is not valid JSON (${why}): ${MAKE_A_PLAN}`, 'invalid-json', file);
  }
  if (!isPlan(value))
    throw new TerraformInputError(`${path} is not a Terraform plan in JSON (no format_version and planned_values): ${MAKE_A_PLAN}`, 'not-a-plan', file);
  const version = value.format_version as string;
  if (!version.startsWith('1.'))
    throw new TerraformInputError(
      `${path} has plan format_version ${version}; logfilter reads format 1.x (terraform show -json of Terraform 1.x)`,
      'not-a-plan',
      file,
    );
  return value;
}

/** True for a value `terraform show -json` writes for a plan. */
export function isPlan(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.format_version === 'string' && ('planned_values' in value || 'resource_changes' in value);
}

/** The jobs of a plan as Terraform will apply them, for comparing versions; a text that is not a plan throws a TerraformInputError. */
export function plannedTerraformJobs(plan: TerraformFile): TerraformJob[] {
  const path = plan.name;
  return plannedJobs(readPlan(plan), path).map((job) => {
    const found: TerraformJob = { address: job.address, file: path, scope: scopeOf(job) };
    const unknown = (attribute: string) => job.unknown[attribute] === true;
    if (unknown('dataset') || unknown('filter')) found.unknown = `the ${unknown('dataset') ? 'dataset' : 'filter'} is known only after apply`;
    else found.written = JSON.stringify([job.values.dataset ?? null, job.values.filter ?? null]);
    if (typeof job.values.dataset === 'string' && job.values.dataset !== '') found.dataset = job.values.dataset;
    const filter = job.values.filter;
    if (typeof filter === 'string' && filter.trim() !== '') found.filter = filter;
    else if (filter !== undefined && filter !== null && filter !== '') found.unknown ??= 'the filter is not a string of filter JSON';
    return found;
  });
}

/** The jobs of a plan: each resource change that is not a deletion, then any planned value not among them. */
function plannedJobs(plan: Record<string, unknown>, file: string): PlannedJob[] {
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
  const modules = (module: unknown, pointer: string, depth: number): void => {
    if (!isRecord(module)) return;
    if (depth > MAX_NESTING)
      throw new TerraformInputError(`${file} nests modules more than ${MAX_NESTING} levels deep (at ${pointer})`, 'not-a-plan', {
        file,
        hint: 'terraform show -json writes one level per module call: is this a plan?',
      });
    const resources = Array.isArray(module.resources) ? module.resources : [];
    resources.forEach((resource: unknown, index) => {
      if (!isRecord(resource) || !isJob(resource) || !isRecord(resource.values) || seen.has(String(resource.address))) return;
      const address = String(resource.address);
      jobs.set(address, { address, values: resource.values, unknown: {}, pointer: `${pointer}/resources/${index}/values` });
    });
    const children = Array.isArray(module.child_modules) ? module.child_modules : [];
    children.forEach((child: unknown, index) => {
      modules(child, `${pointer}/child_modules/${index}`, depth + 1);
    });
  };
  if (isRecord(plan.planned_values)) modules(plan.planned_values.root_module, '/planned_values/root_module', 0);
  return [...jobs.values()];
}

function checkJob(job: PlannedJob, file: string, place: Place, options: TerraformCheckOptions, report: TerraformReport) {
  const at = place.at;
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
  // Each diagnostic at its criterion inside the filter string, as the plan file writes it.
  const range = (diagnostic: Diagnostic) => place.inString(pointer('filter'), diagnostic.range);
  for (const diagnostic of result.diagnostics) {
    report.diagnostics.push({ ...diagnostic, file, address: job.address, message: `${job.address}: ${diagnostic.message}`, range: range(diagnostic) });
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
