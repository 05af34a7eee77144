/**
 * The whole job checked before anything is sent: name, destination, upload limits, kind, the options
 * (logpull_options and output_options), and the filter against the job's own dataset. The input is a
 * job, a create body, an API answer holding one or a list, or the CLI's own `--json` output; every
 * diagnostic carries the JSON Pointer of the value.
 */
import { refuseTooLarge } from '../base/arguments.js';
import { DiagnosticBag, type Diagnostic } from '../base/diagnostics.js';
import { sortDiagnostics } from '../base/sort-diagnostics.js';
import { jsonMessage } from '../base/json-messages.js';
import type { Words } from '../base/messages.js';
import { childPointer, readJson } from '../base/json-source.js';
import { describeJson, isObject } from '../base/json-values.js';
import type { Catalog, Dataset } from '../language/catalog.js';
import { DEFAULT_DATASET, resolveDataset, type JobScope } from '../language/datasets.js';
import { decompileAt } from '../from-json/decompile.js';
import { JsonDocument } from '../from-json/decompile-source.js';
import { checkLogpullOptions } from './logpull-options.js';
import { checkOutputOptionsInto } from './output-options.js';

export type { JobScope } from '../language/datasets.js';

/** The destination schemes the service documents for `destination_conf`. */
const DESTINATION_SCHEMES = ['s3', 'gs', 'azure', 'r2', 'https', 'datadog', 'splunk', 'sumo'] as const;
const MAX_DESTINATION_LENGTH = 4096;
const MAX_JOB_NAME_LENGTH = 512;
/** Each limit takes 0 (the service's default) or a value in the range. */
export const UPLOAD_LIMITS: ReadonlyArray<readonly [string, number, number]> = [
  ['max_upload_bytes', 5_000_000, 1_000_000_000],
  ['max_upload_records', 1_000, 1_000_000],
  ['max_upload_interval_seconds', 30, 300],
];

export interface JobCheckOptions {
  catalog?: Catalog;
  /** The dataset of a job that names none (default `http_requests`); a job's own `dataset` wins, with a warning when they differ. */
  dataset?: string;
  /** The scope the job is sent to; a dataset of the other scope is an error. */
  scope?: JobScope;
  maxBytes?: number;
  maxOperators?: number;
}

export interface CheckedJob {
  /** Where the job is in the input ('' for the input itself). */
  pointer: string;
  id?: unknown;
  dataset: string;
  ok: boolean;
}

export interface JobCheckResult {
  ok: boolean;
  jobs: CheckedJob[];
  diagnostics: Diagnostic[];
}

/** Checks every job found in `input` (text or a value). Never throws on user input. */
export function checkJobs(input: string | object, options: JobCheckOptions = {}): JobCheckResult {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  const tooLarge = DiagnosticBag.forJson(text);
  if (refuseTooLarge(text, 'jobs', tooLarge)) return { ok: false, jobs: [], diagnostics: tooLarge.items };
  const read = readJson(text);
  if (!read.ok) {
    const report = DiagnosticBag.forJson(text, { values: new Map([['', read.span]]) });
    report.report('error', jsonMessage('invalid-json', 'notJson', { detail: read.message }), '');
    return { ok: false, jobs: [], diagnostics: report.items };
  }
  const report = DiagnosticBag.forJson(text, { values: read.locations, keys: read.keyLocations });
  const doc = JsonDocument.of(text, read);
  const found = findJobs(read.value, '');
  if (found.length === 0) report.report('error', jsonMessage('not-a-job', 'none', {}), '');
  const jobs = found.map(({ job, pointer }) => {
    const before = report.items.filter((d) => d.severity === 'error').length;
    const dataset = checkJobInto(job, pointer, report, options, doc);
    return { pointer, id: job.id, dataset, ok: report.items.filter((d) => d.severity === 'error').length === before };
  });
  return { ok: !report.hasErrors, jobs, diagnostics: sortDiagnostics(report.items) };
}

/** The jobs in a value: itself, `result`, the CLI's `job`/`jobs`, or each member of a list. */
export function findJobs(value: unknown, pointer: string): Array<{ job: Record<string, unknown>; pointer: string }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => findJobs(item, childPointer(pointer, i)));
  if (!isObject(value)) return [];
  for (const wrapper of ['result', 'jobs', 'job']) {
    if (wrapper in value && !('destination_conf' in value)) return findJobs(value[wrapper], childPointer(pointer, wrapper));
  }
  return [{ job: value, pointer }];
}

/** Checks one job at `pointer` of `doc` (the input, as `report` places it); returns the dataset name it was checked against. */
function checkJobInto(job: Record<string, unknown>, pointer: string, report: DiagnosticBag, options: JobCheckOptions, doc: JsonDocument): string {
  const at = (member: string) => childPointer(pointer, member);
  const dataset = jobDataset(job, at('dataset'), report, options);
  checkName(job.name, at('name'), report);
  checkDestination(job.destination_conf, at('destination_conf'), report);
  for (const [member, low, high] of UPLOAD_LIMITS) checkLimit(job[member], member, low, high, at(member), report);
  checkKind(job, dataset, at, report);
  // The service answers every job with its frequency; only a body that sets it, or a non-default one, is worth a warning.
  if ('frequency' in job && job.frequency !== null && (job.id === undefined || job.frequency !== 'high'))
    report.report('warning', jsonMessage('deprecated-member', 'frequency', {}), at('frequency'));
  if ('enabled' in job && typeof job.enabled !== 'boolean')
    report.report(
      'error',
      jsonMessage('wrong-json-type', 'member', { member: 'enabled', expected: 'boolean', value: describeJson(job.enabled) }),
      at('enabled'),
    );
  checkOptions(job, dataset, at, report);
  checkFilter(job.filter, at('filter'), dataset, report, options, doc);
  return dataset?.name ?? (typeof job.dataset === 'string' ? job.dataset : DEFAULT_DATASET);
}

function jobDataset(job: Record<string, unknown>, pointer: string, report: DiagnosticBag, options: JobCheckOptions): Dataset | undefined {
  const own = job.dataset;
  if (own !== undefined && own !== null && typeof own !== 'string') {
    report.report('error', jsonMessage('wrong-json-type', 'member', { member: 'dataset', expected: 'string', value: describeJson(own) }), pointer);
    return undefined;
  }
  if (typeof own === 'string' && options.dataset !== undefined && options.dataset.replace(/@.*$/, '') !== own)
    report.report('warning', jsonMessage('dataset-disagrees', 'job', { own, given: options.dataset }), pointer);
  const name = typeof own === 'string' ? own : (options.dataset ?? DEFAULT_DATASET);
  const resolved = resolveDataset({ dataset: name, scope: options.scope, catalog: options.catalog });
  if (resolved.error) report.report('error', resolved.error, pointer);
  return resolved.dataset;
}

function checkName(name: unknown, pointer: string, report: DiagnosticBag): void {
  if (name === undefined || name === null) return;
  if (typeof name !== 'string') {
    report.report('error', jsonMessage('wrong-json-type', 'member', { member: 'name', expected: 'string', value: describeJson(name) }), pointer);
    return;
  }
  if (!/^[a-zA-Z0-9.-]*$/.test(name)) {
    const fixed = name.replace(/[^a-zA-Z0-9.-]+/g, '-');
    report.report('error', jsonMessage('invalid-name', 'notAllowed', { fixed }), pointer);
  } else if (name.length > MAX_JOB_NAME_LENGTH) {
    report.report('error', jsonMessage('name-too-long', 'tooLong', { length: name.length, max: MAX_JOB_NAME_LENGTH }), pointer);
  }
}

/** The scheme of a destination_conf (`s3`, `r2`, `https`, ...), lower-case; undefined when it is not a URL. */
export function destinationScheme(conf: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(conf)?.[1]?.toLowerCase();
}

/** Why a destination is refused (an `invalid-destination` diagnostic's words), or undefined when its scheme is known and it fits. */
export function destinationProblem(conf: string): Words | undefined {
  if (conf.length > MAX_DESTINATION_LENGTH) return jsonMessage('invalid-destination', 'tooLong', { length: conf.length, max: MAX_DESTINATION_LENGTH });
  const scheme = destinationScheme(conf);
  if (scheme && (DESTINATION_SCHEMES as readonly string[]).includes(scheme)) return undefined;
  return jsonMessage('invalid-destination', 'unknownScheme', { conf, scheme, schemes: DESTINATION_SCHEMES });
}

function checkDestination(conf: unknown, pointer: string, report: DiagnosticBag): void {
  if (conf === undefined) {
    report.report('error', jsonMessage('missing-member', 'destination', {}), pointer);
    return;
  }
  if (typeof conf !== 'string') {
    report.report('error', jsonMessage('wrong-json-type', 'member', { member: 'destination_conf', expected: 'string', value: describeJson(conf) }), pointer);
    return;
  }
  const problem = destinationProblem(conf);
  if (problem) report.report('error', { code: 'invalid-destination', ...problem }, pointer);
}

function checkLimit(value: unknown, member: string, low: number, high: number, pointer: string, report: DiagnosticBag): void {
  if (value === undefined || value === null || value === 0) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high)
    report.report('error', jsonMessage('out-of-range', 'uploadLimit', { member, low, high, value: describeJson(value) }), pointer);
}

function checkKind(job: Record<string, unknown>, dataset: Dataset | undefined, at: (member: string) => string, report: DiagnosticBag): void {
  const kind = job.kind;
  if (kind === undefined || kind === null || kind === '') return;
  if (kind !== 'edge') {
    report.report('error', jsonMessage('invalid-kind', 'notEdge', { value: describeJson(kind) }), at('kind'));
    return;
  }
  if (dataset && dataset.name !== 'http_requests') {
    report.report('error', jsonMessage('invalid-kind', 'edgeNotHttp', { dataset: dataset.name }), at('kind'));
    return;
  }
  for (const member of ['max_upload_bytes', 'max_upload_records']) {
    if (job[member] !== undefined && job[member] !== null && job[member] !== 0)
      report.report('error', jsonMessage('edge-with-limit', 'limit', { member }), at(member));
  }
}

function checkOptions(job: Record<string, unknown>, dataset: Dataset | undefined, at: (member: string) => string, report: DiagnosticBag): void {
  const logpull = job.logpull_options;
  if (typeof logpull === 'string' && logpull !== '') {
    for (const d of checkLogpullOptions(logpull, dataset ? { dataset } : {}).diagnostics) {
      const column = d.range.start.offset + 1;
      const words = { code: d.code, message: `logpull_options (column ${column}): ${d.message}`, hint: d.hint, advice: d.advice };
      report.report(d.severity, words, at('logpull_options'));
    }
  } else if (logpull !== undefined && logpull !== null && typeof logpull !== 'string') {
    report.report(
      'error',
      jsonMessage('wrong-json-type', 'member', { member: 'logpull_options', expected: 'string', value: describeJson(logpull) }),
      at('logpull_options'),
    );
  }
  const output = job.output_options;
  if (output !== undefined) checkOutputOptionsInto(output, at('output_options'), dataset, report);
  if (isObject(output) && typeof logpull === 'string' && logpull !== '')
    report.report('warning', jsonMessage('output-options-win', 'both', {}), at('logpull_options'));
}

/**
 * The filter string through decompile's checks and lint, read in place: each diagnostic at its column
 * inside the escaped string, with the pointer of `filter` and, in the message, the one inside the filter.
 */
function checkFilter(filter: unknown, pointer: string, dataset: Dataset | undefined, report: DiagnosticBag, options: JobCheckOptions, doc: JsonDocument): void {
  if (filter === undefined || filter === null || filter === '' || !dataset || !report.source) return;
  if (typeof filter !== 'string') {
    report.report('error', jsonMessage('wrong-json-type', 'filter', { value: describeJson(filter) }), pointer);
    return;
  }
  const result = decompileAt(doc, report.source, pointer, filter, { dataset, maxBytes: options.maxBytes, maxOperators: options.maxOperators });
  for (const d of result.diagnostics) {
    const message = d.pointer ? `filter at ${d.pointer}: ${d.message}` : `filter: ${d.message}`;
    report.add({ ...d, message, pointer });
  }
}
