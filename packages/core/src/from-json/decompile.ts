/**
 * decompile: filter JSON -> canonical filter text, after the shape and type checks. The input is
 * the filter object, the escaped JSON string a job holds, or a job (or an API envelope of jobs)
 * with a `filter` member. Every diagnostic carries the JSON Pointer of the value concerned.
 */
import type { Expr, Scalar } from '../syntax/ast.js';
import { checkInto } from '../check/check.js';
import type { FilterNode, TypedValue } from '../check/checked.js';
import type { CompileOptions } from '../compile.js';
import { fieldElsewhere, resolveDataset, resolveDatasetInto } from '../language/datasets.js';
import type { Dataset } from '../language/catalog.js';
import { factsOf } from '../language/operators.js';
import { finish } from '../output/finish.js';
import { JsonDocument } from './decompile-source.js';
import { TreeReader, type CriterionInfo } from './decompile-tree.js';
import { filterMessage } from '../base/filter-messages.js';
import { jsonMessage } from '../base/json-messages.js';
import type { Worded } from '../base/messages.js';
import { maxDepthOf, refuseTooLarge } from '../base/arguments.js';
import { DiagnosticBag, type Diagnostic, type SourceMap } from '../base/diagnostics.js';
import { lintJson } from './decompile-lint.js';
import { formatExpr } from '../syntax/format.js';
import { childPointer } from '../base/json-source.js';
import { describeJson, isObject } from '../base/json-values.js';
import { isNumericField, valueFacts } from '../language/field-types.js';
import { lower } from '../output/lower.js';
import type { FilterJson } from '../output/serialize.js';

/** The options of compile: the dataset and catalog to check against, the value style, the limits. */
export type DecompileOptions = Omit<CompileOptions, 'optimize'> & {
  /**
   * True when the caller's `dataset` was named by a user: a job's own `dataset` still wins, with a
   * warning when the two differ. Without it, a job's dataset is taken quietly.
   */
  explicitDataset?: boolean;
};

export interface DecompileResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** The canonical filter text; compiling it gives `json`. */
  text: string | undefined;
  /** The filter as compile writes it (groups flattened, values in the chosen style). */
  filter: FilterJson | undefined;
  json: string | undefined;
  /** Each with the JSON Pointer of the value concerned: into the filter document, or into the input when no filter was found in it. */
  diagnostics: Diagnostic[];
  stats: { bytes: number; operators: number };
  /** Where in the input the filter was found: '' for the input itself, '/filter', '/result/0/filter', ... */
  found: string | undefined;
}

/** Reads filter JSON given as text (or as a value, which is serialized first). Never throws on user input. */
export function decompile(input: string | object, options: DecompileOptions = {}): DecompileResult {
  const text = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
  const report = DiagnosticBag.forJson(text);
  return run(report, options, () => {
    const doc = refuseTooLarge(text, 'json', report) ? undefined : JsonDocument.read(text, report);
    return doc && findFilter(doc, '', doc.value, report, 0);
  });
}

/**
 * The filter at `pointer` of a document read once (a job in a list, a job's `filter` string), each
 * diagnostic at its place in the document's text: `source` is that text's map, shared by the calls.
 */
export function decompileAt(doc: JsonDocument, source: SourceMap, pointer: string, value: unknown, options: DecompileOptions = {}): DecompileResult {
  const report = DiagnosticBag.forJson(source);
  return run(report, options, () => findFilter(doc, pointer, value, report, 0));
}

/** The steps after the input is read: its dataset, the shape, the checker and the lint (as compile's), the output. */
function run(report: DiagnosticBag, options: DecompileOptions, locate: () => Located | undefined): DecompileResult {
  let tree: FilterNode | undefined;
  let found: string | undefined;
  try {
    const maxDepth = maxDepthOf(options, report);
    const located = maxDepth === undefined ? undefined : locate();
    const dataset = located?.job ? jobDataset(located, options, report) : resolveDatasetInto(options, report);
    if (located && maxDepth !== undefined) {
      found = located.found;
      const reader = new TreeReader(located.doc, located.docPointer, report, dataset, maxDepth, options.values === 'typed');
      const ast = readRoot(located.value, reader, report, located);
      if (ast && dataset) {
        const before = report.items.length;
        const checked = checkInto(ast, dataset, report, fieldElsewhere(options.catalog));
        flavourForJson(report.items.slice(before), reader.criteria);
        if (checked && !report.hasErrors) tree = lower(checked);
        if (tree && (options.lint ?? true)) lintJson(tree, dataset, report, located.doc, located.docPointer, reader.criteria);
      }
    }
  } catch (error) {
    report.report('error', filterMessage('internal-error', 'crashed', { detail: (error as Error).message, input: 'input' }), { start: 0, end: 0 });
  }
  const result = finish(report.hasErrors ? undefined : tree, report, options);
  return {
    ok: result.ok,
    text: result.ok && tree ? formatExpr(toExpr(tree)) : undefined,
    filter: result.filter,
    json: result.json,
    diagnostics: result.diagnostics,
    stats: result.stats,
    found,
  };
}

interface Located {
  doc: JsonDocument;
  /** The filter document: `{"where": ...}` (a bare criterion or group is wrapped). */
  value: Record<string, unknown>;
  /** The pointer into `doc` of a pointer into the filter document. */
  docPointer: (pointer: string) => string;
  found: string;
  /** The job holding the filter, when it names its dataset. */
  job?: { dataset: string; pointer: string; doc: JsonDocument };
}

/** The job's own dataset (as seen from the options' scope); a user's explicit one that differs gets a warning. */
function jobDataset(located: Located, options: DecompileOptions, report: DiagnosticBag): Dataset | undefined {
  const { dataset: name, pointer, doc } = located.job!;
  const given = resolveDataset({ dataset: options.dataset, catalog: options.catalog }).dataset;
  const where = { span: doc.span(pointer), pointer };
  if (options.explicitDataset && given && given.name !== name)
    report.report('warning', jsonMessage('dataset-disagrees', 'filterOfJob', { own: name, given: given.id }), where);
  const found = resolveDataset({ dataset: given?.name === name ? given : name, catalog: options.catalog, scope: options.scope });
  if (found.error) report.report('error', { ...found.error, message: `the job's ${found.error.message}` }, where);
  return found.dataset;
}

const MAX_STRING_HOPS = 3;

/** Finds the filter document in the input, reporting why when there is none. */
function findFilter(doc: JsonDocument, at: string, value: unknown, report: DiagnosticBag, hops: number): Located | undefined {
  const fail = (words: Worded) => {
    report.report('error', words, { span: doc.span(at), pointer: at });
    return undefined;
  };
  if (typeof value === 'string' && hops < MAX_STRING_HOPS) {
    const inner = doc.readString(at, value, report);
    const located = inner && findFilter(inner, '', inner.value, report, hops + 1);
    return located && { ...located, found: at };
  }
  // A bare list of jobs, as a file keeps them (`jobs check` and an API answer's `result` take one too).
  if (Array.isArray(value) && value.some(isJob)) return findInResult(doc, at, value, report, hops);
  if (!isObject(value)) {
    return fail(jsonMessage('not-a-filter', 'notAnObject', { value: describeJson(value) }));
  }
  if ('where' in value) return { doc, value, docPointer: (p) => at + p, found: at };
  if ('filter' in value) {
    const filter = value.filter;
    if (filter === null || filter === '') return fail(jsonMessage('no-filter', 'job', {}));
    const located = findFilter(doc, childPointer(at, 'filter'), filter, report, hops);
    const dataset = value.dataset;
    return located && typeof dataset === 'string' ? { ...located, job: { dataset, pointer: childPointer(at, 'dataset'), doc } } : located;
  }
  // An API answer's `result`, or the CLI's own --json output (`job`, `jobs`).
  for (const wrapper of ['result', 'job', 'jobs']) {
    if (wrapper in value) return findInResult(doc, childPointer(at, wrapper), value[wrapper], report, hops);
  }
  if (['key', 'operator', 'value', 'and', 'or'].some((name) => name in value)) {
    const wrapped = JSON.stringify({ where: value });
    report.report('error', jsonMessage('missing-where', 'bare', { wrapped }), { span: doc.span(at), pointer: at });
    const docPointer = (p: string) => at + p.replace(/^\/where/, '');
    return { doc, value: { where: value }, docPointer, found: at };
  }
  return fail(jsonMessage('not-a-filter', 'noMember', {}));
}

const isJob = (value: unknown): boolean => isObject(value) && ['filter', 'dataset', 'destination_conf'].some((member) => member in value);

/** An API envelope's `result`: one job, or a list of jobs of which exactly one has a filter. */
function findInResult(doc: JsonDocument, at: string, result: unknown, report: DiagnosticBag, hops: number): Located | undefined {
  if (!Array.isArray(result)) return findFilter(doc, at, result, report, hops);
  const withFilter = result.flatMap((job, i) => (isObject(job) && job.filter !== undefined && job.filter !== null && job.filter !== '' ? [i] : []));
  if (withFilter.length === 1) return findFilter(doc, childPointer(at, withFilter[0]), result[withFilter[0]], report, hops);
  const words =
    withFilter.length === 0
      ? jsonMessage('no-filter', 'list', {})
      : jsonMessage('several-filters', 'several', { count: withFilter.length, first: childPointer(at, withFilter[0]) });
  report.report('error', words, { span: doc.span(at), pointer: at });
  return undefined;
}

function readRoot(root: Record<string, unknown>, reader: TreeReader, report: DiagnosticBag, located: Located): Expr | undefined {
  for (const name of Object.keys(root)) {
    if (name === 'where') continue;
    const pointer = childPointer('', name);
    report.report('error', jsonMessage('unknown-member', 'besideWhere', { name }), {
      span: located.doc.keySpan(located.docPointer(pointer)),
      pointer: pointer,
    });
  }
  return reader.node(root.where, '/where', 0);
}

/** The checker speaks of filter text; for JSON input its list hints are given in JSON. */
function flavourForJson(diagnostics: Diagnostic[], criteria: ReadonlyMap<string, CriterionInfo>): void {
  for (const diagnostic of diagnostics) {
    const pointer = diagnostic.pointer;
    const info = pointer === undefined ? undefined : criteria.get(pointer.replace(/\/value$/, ''));
    if (!info) continue;
    const words =
      diagnostic.code === 'expected-list'
        ? jsonMessage('expected-list', 'jsonArray', { operator: info.operator, value: describeJson(info.value), ...listOf(info) })
        : diagnostic.code === 'expected-scalar'
          ? jsonMessage('expected-scalar', 'jsonList', { operator: info.operator, into: factsOf(info.operator).merges?.into })
          : diagnostic.code === 'empty-list'
            ? jsonMessage('empty-list', 'jsonEmpty', { operator: info.operator, example: info.field ? valueFacts(info.field).example : '["a", "b"]' })
            : undefined;
    if (!words) continue;
    diagnostic.message = words.message;
    diagnostic.hint = words.hint;
  }
}

/** The values a criterion meant as a list, as JSON (numbers for a numeric field), and whether the service would refuse them as a string. */
function listOf(info: CriterionInfo): { values: string; refusedAsString: boolean } {
  const numeric = info.field !== undefined && isNumericField(info.field);
  const parts =
    typeof info.value === 'string'
      ? info.value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : [String(info.value)];
  const values = numeric && parts.every((part) => /^-?\d+(?:\.\d+)?$/.test(part)) ? parts.map(Number) : parts;
  return { values: JSON.stringify(values), refusedAsString: numeric && typeof info.value === 'string' };
}

/** The syntax tree of a lowered filter, for the printer: values typed as the checker read them. */
function toExpr(node: FilterNode): Expr {
  const nowhere = { start: 0, end: 0 };
  if (node.kind !== 'criterion') return { kind: node.kind, operands: node.operands.map(toExpr), span: nowhere };
  const scalar = (value: TypedValue): Scalar => ({ kind: value.type, value: value.text, span: nowhere });
  return {
    kind: 'predicate',
    field: { name: node.key, span: nowhere },
    operator: { spelling: node.operator, span: nowhere },
    operand: Array.isArray(node.value) ? { kind: 'list', items: node.value.map(scalar), bracket: '(', span: nowhere } : scalar(node.value),
    span: nowhere,
  };
}
