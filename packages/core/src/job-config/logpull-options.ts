/**
 * `logpull_options` (spec 2.5, 2.6): the job's option string, `fields=RayID,ClientIP&timestamps=rfc3339`.
 * Parsed with the position of every key, value and field name, checked against the dataset catalog,
 * and cross-checked with the zone's custom fields.
 */
import { jsonMessage } from '../base/json-messages.js';
import { notTextBag, optionsOf } from '../base/arguments.js';
import type { Catalog, Dataset } from '../language/catalog.js';
import { resolveDatasetInto } from '../language/datasets.js';
import type { CustomFieldList, CustomFieldNames } from './custom-fields.js';
import { DiagnosticBag, SourceMap, type Diagnostic, type Span } from '../base/diagnostics.js';
import { sortDiagnostics } from '../base/sort-diagnostics.js';
import { closest } from '../base/suggest.js';
import { checkFieldName } from './field-name.js';

const LOGPULL_OPTION_KEYS = ['fields', 'timestamps', 'sample', 'CVE-2021-44228'] as const;
export const TIMESTAMP_FORMATS = ['rfc3339', 'unix', 'unixnano'] as const;

export interface LogpullOption {
  key: string;
  /** Undefined when the segment has no `=`. */
  value: string | undefined;
  keySpan: Span;
  valueSpan: Span;
}

export interface LogpullField {
  name: string;
  span: Span;
}

export interface LogpullOptionsResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  options: LogpullOption[];
  /** The names of `fields=`, in order; undefined when there is no `fields` option. */
  fields: LogpullField[] | undefined;
  diagnostics: Diagnostic[];
}

export interface LogpullCheckOptions {
  /** A dataset name (looked up in `catalog`) or a Dataset; default `http_requests`. */
  dataset?: string | Dataset;
  catalog?: Catalog;
  /** The zone's custom fields; when given, `Cookies`/`RequestHeaders`/`ResponseHeaders` are cross-checked. */
  customFields?: CustomFieldNames;
}

export interface LogpullOptionsParts {
  fields?: readonly string[];
  timestamps?: string;
  /** Further options, `[key, value]`, in order (e.g. `['CVE-2021-44228', 'true']`). */
  options?: ReadonlyArray<readonly [string, string]>;
}

/** Builds the option string: `fields` first, then `timestamps`, then the rest in the order given. */
export function buildLogpullOptions(parts: LogpullOptionsParts): string {
  const segments: string[] = [];
  if (parts.fields && parts.fields.length > 0) segments.push(`fields=${parts.fields.join(',')}`);
  if (parts.timestamps !== undefined) segments.push(`timestamps=${parts.timestamps}`);
  for (const [key, value] of parts.options ?? []) segments.push(`${key}=${value}`);
  return segments.join('&');
}

/** Splits the string into options, with positions; only the syntax is looked at. */
export function parseLogpullOptions(text: string): LogpullOption[] {
  if (typeof text !== 'string') return [];
  const options: LogpullOption[] = [];
  let start = 0;
  for (const segment of text.split('&')) {
    const equals = segment.indexOf('=');
    const end = start + segment.length;
    if (equals < 0) options.push({ key: segment, value: undefined, keySpan: { start, end }, valueSpan: { start: end, end } });
    else
      options.push({
        key: segment.slice(0, equals),
        value: segment.slice(equals + 1),
        keySpan: { start, end: start + equals },
        valueSpan: { start: start + equals + 1, end },
      });
    start = end + 1;
  }
  return text === '' ? [] : options;
}

export function checkLogpullOptions(text: string, givenOptions: LogpullCheckOptions = {}): LogpullOptionsResult {
  const options = optionsOf(givenOptions);
  const notText = notTextBag(text, 'the logpull options');
  if (notText) return { ok: false, options: [], fields: undefined, diagnostics: notText.items };
  const bag = new DiagnosticBag(new SourceMap(text));
  const dataset = resolveDatasetInto(options, bag);
  const parsed = parseLogpullOptions(text);
  const seen = new Map<string, LogpullOption>();
  let fields: LogpullField[] | undefined;
  for (const option of parsed) {
    const key = checkKey(option, bag);
    if (key === undefined) continue;
    const earlier = seen.get(key);
    if (earlier) {
      bag.report('error', jsonMessage('duplicate-option', 'twice', { key, column: earlier.keySpan.start + 1 }), option.keySpan);
      continue;
    }
    seen.set(key, option);
    if (key === 'fields') fields = checkFields(option, dataset, bag);
    else checkValue(key, option, bag);
  }
  if (options.customFields && dataset?.name === 'http_requests') crossCheck(fields, options.customFields, text, bag);
  return { ok: !bag.hasErrors, options: parsed, fields, diagnostics: sortDiagnostics(bag.items) };
}

/** The canonical key, or undefined after reporting why the option is not usable. */
function checkKey(option: LogpullOption, bag: DiagnosticBag): string | undefined {
  const { key } = option;
  if (key === '' && option.value === undefined) {
    bag.report('warning', jsonMessage('empty-option', 'empty', {}), { start: option.keySpan.start, end: option.keySpan.start + 1 });
    return undefined;
  }
  const known = (LOGPULL_OPTION_KEYS as readonly string[]).includes(key);
  if (!known) {
    const sameLetters = LOGPULL_OPTION_KEYS.find((candidate) => candidate.toLowerCase() === key.trim().toLowerCase());
    const guess = sameLetters ?? closest(key, LOGPULL_OPTION_KEYS);
    bag.report('error', jsonMessage('unknown-option', 'logpull', { key, guess, known: LOGPULL_OPTION_KEYS }), option.keySpan);
    return undefined;
  }
  if (option.value === undefined) {
    bag.report('error', jsonMessage('option-without-value', 'noValue', { key }), option.keySpan);
    return undefined;
  }
  return key;
}

function checkValue(key: string, option: LogpullOption, bag: DiagnosticBag): void {
  const value = option.value!;
  if (key === 'timestamps' && !(TIMESTAMP_FORMATS as readonly string[]).includes(value)) {
    const guess = closest(value, TIMESTAMP_FORMATS);
    bag.report(
      'error',
      jsonMessage('invalid-option-value', 'oneOf', { option: key, allowed: TIMESTAMP_FORMATS, shown: `'${value}'`, guess }),
      option.valueSpan,
    );
  } else if (key === 'CVE-2021-44228' && value !== 'true' && value !== 'false') {
    bag.report('error', jsonMessage('invalid-option-value', 'trueOrFalse', { option: key, shown: `'${value}'` }), option.valueSpan);
  } else if (key === 'sample' && !(/^\d*\.?\d+$/.test(value) && Number(value) > 0 && Number(value) <= 1)) {
    bag.report('error', jsonMessage('invalid-option-value', 'sample', { shown: `'${value}'` }), option.valueSpan);
  }
}

function checkFields(option: LogpullOption, dataset: Dataset | undefined, bag: DiagnosticBag): LogpullField[] {
  const value = option.value!;
  if (value === '') {
    bag.report('error', jsonMessage('empty-fields', 'fields', {}), option.keySpan);
    return [];
  }
  const fields: LogpullField[] = [];
  const seen = new Set<string>();
  let start = option.valueSpan.start;
  for (const name of value.split(',')) {
    const span = { start, end: start + name.length };
    start = span.end + 1;
    if (name === '') {
      bag.report('error', jsonMessage('empty-field-name', 'inFields', {}), { start: span.start, end: span.start + 1 });
      continue;
    }
    fields.push({ name, span });
    if (seen.has(name)) bag.report('warning', jsonMessage('duplicate-field', 'twice', { name }), span);
    seen.add(name);
    if (dataset) checkFieldName(name, span, dataset, bag, true);
  }
  return fields;
}

/** Log fields that carry custom fields, and the rule lists that fill them (spec 2.6). */
const CARRIERS: ReadonlyArray<readonly [string, string, readonly CustomFieldList[]]> = [
  ['Cookies', 'cookie', ['cookie_fields']],
  ['RequestHeaders', 'request header', ['request_fields', 'transformed_request_fields']],
  ['ResponseHeaders', 'response header', ['response_fields', 'raw_response_fields']],
];

function crossCheck(fields: LogpullField[] | undefined, configured: CustomFieldNames, text: string, bag: DiagnosticBag): void {
  for (const [carrier, what, lists] of CARRIERS) {
    const names = lists.flatMap((list) => configured[list] ?? []);
    const listed = fields?.find((field) => field.name === carrier);
    if (listed && names.length === 0) {
      const kind = what.split(' ')[0] as 'cookie' | 'request' | 'response';
      bag.report('warning', jsonMessage('custom-field-not-configured', 'notConfigured', { carrier, what, kind }), listed.span);
    } else if (!listed && names.length > 0) {
      const span = fields && fields.length > 0 ? { start: fields[0].span.start, end: fields[fields.length - 1].span.end } : { start: 0, end: text.length };
      bag.report('warning', jsonMessage('custom-field-not-listed', 'notListed', { what, names, carrier }), span);
    }
  }
}
