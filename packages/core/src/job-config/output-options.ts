/**
 * `output_options`: the structured replacement of `logpull_options` that the service's current
 * documentation configures jobs with. Checked member by member with JSON Pointers, field names
 * against the dataset's catalog; and the conversion of an old option string into the object.
 */
import { jsonMessage } from '../base/json-messages.js';
import { DiagnosticBag, type Diagnostic } from '../base/diagnostics.js';
import { childPointer } from '../base/json-source.js';
import { describeJson, isObject } from '../base/json-values.js';
import { closest } from '../base/suggest.js';
import { checkFieldName } from './field-name.js';
import type { Dataset } from '../language/catalog.js';
import { parseLogpullOptions } from './logpull-options.js';

/** The formats of `timestamp_format`; the finer rfc3339 variants exist only here, not in logpull_options. */
const OUTPUT_TIMESTAMP_FORMATS = ['unixnano', 'unix', 'rfc3339', 'rfc3339ms', 'rfc3339ns'] as const;
const OUTPUT_TYPES = ['ndjson', 'csv'] as const;
const STRING_OPTIONS = ['batch_prefix', 'batch_suffix', 'record_prefix', 'record_suffix', 'record_template', 'record_delimiter', 'field_delimiter'] as const;
export const OUTPUT_OPTION_KEYS = ['field_names', 'timestamp_format', 'sample_rate', 'CVE-2021-44228', 'output_type', ...STRING_OPTIONS] as const;

export type OutputOptions = Record<string, unknown> & {
  field_names?: string[];
  timestamp_format?: string;
  sample_rate?: number;
  'CVE-2021-44228'?: boolean;
  output_type?: string;
};

/** Checks a job's `output_options` value; each diagnostic's pointer is under `pointer`. */
export function checkOutputOptions(value: unknown, dataset?: Dataset, pointer = '/output_options'): Diagnostic[] {
  const report = DiagnosticBag.forJson();
  checkOutputOptionsInto(value, pointer, dataset, report);
  return report.items;
}

/** Checks `value` (the `output_options` member at `pointer`) into `report`. */
export function checkOutputOptionsInto(value: unknown, pointer: string, dataset: Dataset | undefined, report: DiagnosticBag): void {
  if (value === null) return;
  if (!isObject(value)) {
    report.report('error', jsonMessage('wrong-json-type', 'outputOptions', { value: describeJson(value) }), pointer);
    return;
  }
  for (const [key, member] of Object.entries(value)) {
    const at = childPointer(pointer, key);
    if (member === null) continue; // the service documents every option as nullable: the default
    if (!(OUTPUT_OPTION_KEYS as readonly string[]).includes(key)) {
      const guess = closest(key, OUTPUT_OPTION_KEYS);
      report.report('error', jsonMessage('unknown-option', 'output', { key, guess, known: OUTPUT_OPTION_KEYS }), at);
    } else if (key === 'field_names') checkFieldNames(member, at, dataset, report);
    else checkScalarOption(key, member, at, report);
  }
}

function checkScalarOption(key: string, value: unknown, at: string, report: DiagnosticBag): void {
  const oneOf = (allowed: readonly string[]) => {
    if (typeof value === 'string' && allowed.includes(value)) return;
    const guess = typeof value === 'string' ? closest(value, allowed) : undefined;
    report.report('error', jsonMessage('invalid-option-value', 'oneOf', { option: key, allowed, shown: describeJson(value), guess }), at);
  };
  if (key === 'timestamp_format') oneOf(OUTPUT_TIMESTAMP_FORMATS);
  else if (key === 'output_type') oneOf(OUTPUT_TYPES);
  else if (key === 'sample_rate') {
    if (typeof value !== 'number' || !(value > 0 && value <= 1))
      report.report('error', jsonMessage('invalid-option-value', 'sampleRate', { shown: describeJson(value) }), at);
  } else if (key === 'CVE-2021-44228') {
    if (typeof value !== 'boolean') report.report('error', jsonMessage('invalid-option-value', 'trueOrFalse', { option: key, shown: describeJson(value) }), at);
  } else if (typeof value !== 'string') {
    report.report('error', jsonMessage('invalid-option-value', 'string', { option: key, shown: describeJson(value) }), at);
  }
}

function checkFieldNames(value: unknown, at: string, dataset: Dataset | undefined, report: DiagnosticBag): void {
  if (!Array.isArray(value)) {
    report.report('error', jsonMessage('wrong-json-type', 'fieldNames', { value: describeJson(value) }), at);
    return;
  }
  if (value.length === 0) report.report('error', jsonMessage('empty-fields', 'fieldNames', {}), at);
  const seen = new Set<string>();
  value.forEach((name, index) => {
    const item = childPointer(at, index);
    if (typeof name !== 'string') {
      report.report('error', jsonMessage('wrong-json-type', 'fieldName', { value: describeJson(name) }), item);
      return;
    }
    if (seen.has(name)) report.report('warning', jsonMessage('duplicate-field', 'twice', { name }), item);
    seen.add(name);
    if (dataset) checkFieldName(name, item, dataset, report);
  });
}

/**
 * The conversion table: each logpull option with an output_options equivalent, and the member it
 * becomes. Every front end converts through this table and `outputOptionFromText`, never its own copy.
 */
export const LOGPULL_TO_OUTPUT_OPTION = {
  fields: 'field_names',
  timestamps: 'timestamp_format',
  sample: 'sample_rate',
  'CVE-2021-44228': 'CVE-2021-44228',
} as const satisfies Record<string, (typeof OUTPUT_OPTION_KEYS)[number]>;

/**
 * An output_options member's JSON value from text (a logpull option's value, or a command line's
 * `KEY=VALUE`): field_names a comma-separated list, sample_rate a number, CVE-2021-44228 a boolean, the
 * rest strings. Text that is not such a value is kept as text, so the checks name it.
 */
export function outputOptionFromText(key: string, text: string): unknown {
  if (key === 'field_names') return text === '' ? [] : text.split(',');
  if (key === 'sample_rate') return /^\d*\.?\d+$/.test(text) ? Number(text) : text;
  if (key === 'CVE-2021-44228') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

export interface ConvertResult {
  ok: boolean;
  output_options: OutputOptions;
  /** Pointers name the output_options member each option became (`/field_names`, ...). */
  diagnostics: Diagnostic[];
}

/**
 * The `output_options` object equivalent to a `logpull_options` string, by LOGPULL_TO_OUTPUT_OPTION:
 * fields -> field_names, sample -> sample_rate, timestamps -> timestamp_format, the CVE flag as a boolean.
 */
export function convertLogpullOptions(text: string, dataset?: Dataset): ConvertResult {
  const report = DiagnosticBag.forJson();
  const converted: OutputOptions = {};
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  for (const option of parseLogpullOptions(query)) {
    const member = Object.hasOwn(LOGPULL_TO_OUTPUT_OPTION, option.key)
      ? LOGPULL_TO_OUTPUT_OPTION[option.key as keyof typeof LOGPULL_TO_OUTPUT_OPTION]
      : undefined;
    // Text that does not convert is kept as text, for checkOutputOptionsInto to name below.
    if (member !== undefined) (converted as Record<string, unknown>)[member] = outputOptionFromText(member, option.value ?? '');
    else if (option.key !== '') {
      const guess = closest(option.key, Object.keys(LOGPULL_TO_OUTPUT_OPTION));
      report.report('error', jsonMessage('unknown-option', 'notConvertible', { key: option.key, guess }), '');
    }
  }
  checkOutputOptionsInto(converted, '', dataset, report);
  return { ok: !report.hasErrors, output_options: converted, diagnostics: report.items };
}
