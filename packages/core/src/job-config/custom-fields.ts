/**
 * Custom-field configuration (spec 2.2-2.4, 4.1, 8): checks a rule, a `rules` array, a PUT body, a
 * ruleset, or an API envelope holding one, with JSON Pointers in every diagnostic.
 */
import { describeArgument, optionsOf, refuseTooLarge } from '../base/arguments.js';
import { DiagnosticBag, sortDiagnostics, type Diagnostic } from '../base/diagnostics.js';
import { childPointer, readJson } from '../base/json-source.js';
import { checkRule, CUSTOM_FIELD_LISTS, describeJson, FieldTally, isObject, LOG_CUSTOM_FIELD, type CustomFieldList } from './custom-fields-rule.js';

export { CUSTOM_FIELD_LISTS, LOG_CUSTOM_FIELD, type CustomFieldList } from './custom-fields-rule.js';

export const CUSTOM_FIELDS_PHASE = 'http_log_custom_fields';
/** Spec section 8 says 40 in total; newer service documentation speaks of 100 per type. */
export const DEFAULT_MAX_CUSTOM_FIELDS = 40;

export interface CustomFieldEntry {
  name: string;
  preserve_duplicates?: boolean;
}

export interface CustomFieldRule {
  id?: string;
  version?: string;
  ref?: string;
  action: string;
  expression: string;
  description?: string;
  enabled?: boolean;
  last_updated?: string;
  action_parameters: Partial<Record<CustomFieldList, CustomFieldEntry[]>>;
  [member: string]: unknown;
}

export interface Ruleset {
  id: string;
  name?: string;
  description?: string;
  kind: string;
  phase: string;
  version?: string;
  last_updated?: string;
  rules?: CustomFieldRule[];
  [member: string]: unknown;
}

/** The names configured, list by list. */
export type CustomFieldNames = Record<CustomFieldList, string[]>;

export interface CustomFieldsOptions {
  /** Most custom fields a zone takes, in total (default 40). */
  maxFields?: number;
}

export type CustomFieldsShape = 'rule' | 'rules' | 'body' | 'ruleset' | 'rulesets' | 'envelope';

export interface CustomFieldsCheck {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** What the document was taken to be; undefined when it is none of them. */
  shape: CustomFieldsShape | undefined;
  /** The names configured by the rules found (whether or not they are valid). */
  fields: CustomFieldNames;
  diagnostics: Diagnostic[];
}

/** Checks a document already parsed; ranges are empty (there is no text), pointers say where. */
export function checkCustomFields(document: unknown, options: CustomFieldsOptions = {}): CustomFieldsCheck {
  return checkDocument(document, DiagnosticBag.forJson(), optionsOf(options));
}

/** Checks JSON text; malformed JSON is one `invalid-json` error at the fault. */
export function checkCustomFieldsText(text: string, givenOptions: CustomFieldsOptions = {}): CustomFieldsCheck {
  const options = optionsOf(givenOptions);
  if (typeof text !== 'string') {
    const report = DiagnosticBag.forJson();
    report.error(
      'invalid-argument',
      '',
      `the rules text must be a string, not ${describeArgument(text)}`,
      'pass the JSON text, or use checkCustomFields for a parsed document',
    );
    return { ok: false, shape: undefined, fields: emptyNames(), diagnostics: report.items };
  }
  const tooLarge = DiagnosticBag.forJson(text);
  if (refuseTooLarge(text, 'rules', tooLarge)) return { ok: false, shape: undefined, fields: emptyNames(), diagnostics: tooLarge.items };
  const read = readJson(text);
  if (!read.ok) {
    const report = DiagnosticBag.forJson(text, { values: new Map([['', read.span]]) });
    report.error('invalid-json', '', `malformed JSON: ${read.message}`);
    return { ok: false, shape: undefined, fields: emptyNames(), diagnostics: report.items };
  }
  return checkDocument(read.value, DiagnosticBag.forJson(text, { values: read.locations, keys: read.keyLocations }), options);
}

/** Checks the complete rule set of a custom-fields ruleset, as a PUT sends it (`pointer` is where the array sits). */
export function checkCustomFieldRules(rules: unknown, givenOptions: CustomFieldsOptions = {}, pointer = '/rules'): CustomFieldsCheck {
  const options = optionsOf(givenOptions);
  const report = DiagnosticBag.forJson();
  const found: unknown[] = [];
  const tally = new FieldTally();
  checkRules(rules, pointer, report, tally, found);
  tally.checkLimit(options.maxFields ?? DEFAULT_MAX_CUSTOM_FIELDS, report);
  return { ok: !report.hasErrors, shape: 'rules', fields: customFieldNames(found), diagnostics: report.items };
}

/** The names configured by the `log_custom_field` rules among `rules`, list by list, in order. */
export function customFieldNames(rules: readonly unknown[]): CustomFieldNames {
  const names = emptyNames();
  for (const rule of rules) {
    if (!isObject(rule) || rule.action !== LOG_CUSTOM_FIELD || !isObject(rule.action_parameters)) continue;
    for (const list of CUSTOM_FIELD_LISTS) {
      const entries = rule.action_parameters[list];
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) if (isObject(entry) && typeof entry.name === 'string') names[list].push(entry.name);
    }
  }
  return names;
}

export function emptyNames(): CustomFieldNames {
  return { request_fields: [], transformed_request_fields: [], response_fields: [], raw_response_fields: [], cookie_fields: [] };
}

/** True for the zone entry-point ruleset of the custom-fields phase (spec 4.1 rule 1). */
export function isCustomFieldsRuleset(ruleset: unknown): boolean {
  return isObject(ruleset) && ruleset.kind === 'zone' && ruleset.phase === CUSTOM_FIELDS_PHASE;
}

function checkDocument(document: unknown, report: DiagnosticBag, options: CustomFieldsOptions): CustomFieldsCheck {
  const found: unknown[] = [];
  const tally = new FieldTally();
  const shape = shapeOf(document);
  if (shape === 'rules') checkRules(document, '', report, tally, found);
  else if (shape === 'rule') checkRuleInto(document, '', report, tally, found);
  else if (shape === 'body') checkBody(document as Record<string, unknown>, report, tally, found);
  else if (shape === 'ruleset') checkRuleset(document as Record<string, unknown>, '', report, tally, found);
  else if (shape === 'envelope') checkEnvelope(document as Record<string, unknown>, report, tally, found);
  else {
    report.error(
      'unknown-document',
      '',
      `expected custom-field rules, not ${describeJson(document)}`,
      'give a rule, a rules array, a PUT body {"rules": [...]}, a ruleset, or an API response envelope',
    );
  }
  tally.checkLimit(options.maxFields ?? DEFAULT_MAX_CUSTOM_FIELDS, report);
  return { ok: !report.hasErrors, shape, fields: customFieldNames(found), diagnostics: sortDiagnostics(report.items) };
}

function shapeOf(document: unknown): CustomFieldsShape | undefined {
  if (Array.isArray(document)) return 'rules';
  if (!isObject(document)) return undefined;
  const has = (...members: string[]) => members.some((member) => member in document);
  if (has('success', 'result', 'errors')) return 'envelope';
  if (has('action', 'action_parameters', 'expression')) return 'rule';
  if (has('phase', 'kind', 'id', 'version', 'last_updated')) return 'ruleset';
  if (has('rules')) return 'body';
  return undefined;
}

function checkRuleInto(rule: unknown, pointer: string, report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  found.push(rule);
  checkRule(rule, pointer, report, tally);
}

function checkRules(rules: unknown, pointer: string, report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  if (!Array.isArray(rules)) {
    report.error('wrong-type', pointer, `'rules' must be an array of rules, not ${describeJson(rules)}`);
    return;
  }
  rules.forEach((rule, index) => {
    checkRuleInto(rule, childPointer(pointer, index), report, tally, found);
  });
}

function checkBody(body: Record<string, unknown>, report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  checkRules(body.rules, '/rules', report, tally, found);
}

function checkRuleset(ruleset: Record<string, unknown>, pointer: string, report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  if ('phase' in ruleset && ruleset.phase !== CUSTOM_FIELDS_PHASE) {
    report.error('wrong-phase', childPointer(pointer, 'phase'), `custom fields live in phase '${CUSTOM_FIELDS_PHASE}', not ${describeJson(ruleset.phase)}`);
  }
  if ('kind' in ruleset && ruleset.kind !== 'zone') {
    report.error(
      'wrong-kind',
      childPointer(pointer, 'kind'),
      `the custom-fields ruleset is the zone entry point, of kind 'zone', not ${describeJson(ruleset.kind)}`,
    );
  }
  if ('rules' in ruleset) checkRules(ruleset.rules, childPointer(pointer, 'rules'), report, tally, found);
}

function checkEnvelope(envelope: Record<string, unknown>, report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  const errors = Array.isArray(envelope.errors) ? envelope.errors : [];
  errors.forEach((error, index) => {
    const code = isObject(error) && error.code !== undefined ? String(error.code) : 'error';
    const message = isObject(error) && typeof error.message === 'string' ? error.message : JSON.stringify(error);
    report.error('service-error', `/errors/${index}`, `the service answered ${code}: ${message}`);
  });
  if (envelope.success === false && errors.length === 0) report.error('service-error', '/success', 'the service answered success: false');
  const result = envelope.result;
  if (Array.isArray(result)) {
    checkRulesetList(result, report, tally, found);
  } else if (isObject(result)) {
    checkRuleset(result, '/result', report, tally, found);
  } else if (envelope.success !== false) {
    report.error('unknown-document', '/result', `expected a ruleset or a list of rulesets in 'result', not ${describeJson(result)}`);
  }
}

function checkRulesetList(rulesets: unknown[], report: DiagnosticBag, tally: FieldTally, found: unknown[]): void {
  let entryPoint: string | undefined;
  rulesets.forEach((ruleset, index) => {
    if (!isObject(ruleset) || ruleset.phase !== CUSTOM_FIELDS_PHASE) return;
    const at = `/result/${index}`;
    if (ruleset.kind === 'zone' && entryPoint !== undefined) {
      report.error(
        'duplicate-ruleset',
        at,
        `a second zone ruleset for phase '${CUSTOM_FIELDS_PHASE}'; a zone has at most one`,
        `the first is at ${entryPoint}`,
      );
    }
    if (ruleset.kind === 'zone') entryPoint ??= at;
    checkRuleset(ruleset, at, report, tally, found);
  });
}
