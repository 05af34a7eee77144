/**
 * `logpull_options` (spec 2.5, 2.6): the job's option string, `fields=RayID,ClientIP&timestamps=rfc3339`.
 * Parsed with the position of every key, value and field name, checked against the dataset catalog,
 * and cross-checked with the zone's custom fields.
 */
import { jsonMessage } from '../base/json-messages.js';
import { didYouMean } from '../base/messages.js';
import { notTextBag, optionsOf } from '../base/arguments.js';
import type { Catalog, Dataset } from '../language/catalog.js';
import { resolveDatasetInto } from '../language/datasets.js';
import type { CustomFieldList, CustomFieldNames } from './custom-fields.js';
import { DiagnosticBag, sortDiagnostics, SourceMap, type Diagnostic, type Span } from '../base/diagnostics.js';
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
      bag.error('duplicate-option', option.keySpan, `option '${key}' is given twice`, `keep one; the first is at column ${earlier.keySpan.start + 1}`);
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
    bag.warning('empty-option', { start: option.keySpan.start, end: option.keySpan.start + 1 }, "an empty option between '&'s", "remove the extra '&'");
    return undefined;
  }
  const known = (LOGPULL_OPTION_KEYS as readonly string[]).includes(key);
  if (!known) {
    const sameLetters = LOGPULL_OPTION_KEYS.find((candidate) => candidate.toLowerCase() === key.trim().toLowerCase());
    const guess = sameLetters ?? closest(key, LOGPULL_OPTION_KEYS);
    const hint = guess ? didYouMean(guess) : `known options: ${LOGPULL_OPTION_KEYS.join(', ')}`;
    bag.error('unknown-option', option.keySpan, key === '' ? 'an option with no name' : `unknown option '${key}'`, hint);
    return undefined;
  }
  if (option.value === undefined) {
    bag.error(
      'option-without-value',
      option.keySpan,
      `option '${key}' has no value`,
      `write ${key}=${key === 'fields' ? 'RayID,ClientIP' : key === 'timestamps' ? 'rfc3339' : key === 'sample' ? '0.1' : 'true'}`,
    );
    return undefined;
  }
  return key;
}

function checkValue(key: string, option: LogpullOption, bag: DiagnosticBag): void {
  const value = option.value!;
  if (key === 'timestamps' && !(TIMESTAMP_FORMATS as readonly string[]).includes(value)) {
    const guess = closest(value, TIMESTAMP_FORMATS);
    bag.error(
      'invalid-option-value',
      option.valueSpan,
      `timestamps takes ${TIMESTAMP_FORMATS.join(', ')}, not '${value}'`,
      guess ? didYouMean(guess) : undefined,
    );
  } else if (key === 'CVE-2021-44228' && value !== 'true' && value !== 'false') {
    bag.error('invalid-option-value', option.valueSpan, `CVE-2021-44228 takes true or false, not '${value}'`);
  } else if (key === 'sample' && !(/^\d*\.?\d+$/.test(value) && Number(value) > 0 && Number(value) <= 1)) {
    bag.error('invalid-option-value', option.valueSpan, `sample takes a fraction above 0 and at most 1 (e.g. 0.1), not '${value}'`);
  }
}

function checkFields(option: LogpullOption, dataset: Dataset | undefined, bag: DiagnosticBag): LogpullField[] {
  const value = option.value!;
  if (value === '') {
    bag.error('empty-fields', option.keySpan, 'fields lists no field', 'write fields=RayID,ClientIP,EdgeStartTimestamp, or leave the option out');
    return [];
  }
  const fields: LogpullField[] = [];
  const seen = new Set<string>();
  let start = option.valueSpan.start;
  for (const name of value.split(',')) {
    const span = { start, end: start + name.length };
    start = span.end + 1;
    if (name === '') {
      bag.error('empty-field-name', { start: span.start, end: span.start + 1 }, 'an empty field name in fields', "remove the extra ','");
      continue;
    }
    fields.push({ name, span });
    if (seen.has(name)) bag.warning('duplicate-field', span, `field '${name}' is listed twice`, 'remove one');
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
      bag.warning(
        'custom-field-not-listed',
        span,
        `the zone logs ${what} custom fields (${names.join(', ')}), but '${carrier}' is not in fields: nothing of them will be delivered`,
        `add ${carrier} to fields`,
      );
    }
  }
}
