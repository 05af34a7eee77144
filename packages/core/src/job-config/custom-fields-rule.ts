/** The checks of one custom-field rule (spec 2.3, 2.4, 8) and of the field names it configures. */
import { jsonMessage } from '../base/json-messages.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import { childPointer } from '../base/json-source.js';
import { describeJson, isObject } from '../base/json-values.js';

export { describeJson, isObject };
import { closest } from '../base/suggest.js';

export const LOG_CUSTOM_FIELD = 'log_custom_field';

/**
 * The lists of `action_parameters`. The spec shows the first, third and fifth; the service also takes
 * the raw/transformed variants, each header logged in one form only.
 */
export const CUSTOM_FIELD_LISTS = ['request_fields', 'transformed_request_fields', 'response_fields', 'raw_response_fields', 'cookie_fields'] as const;
export type CustomFieldList = (typeof CUSTOM_FIELD_LISTS)[number];

/** Which names share a namespace: a request header is logged raw or transformed, never both. */
const FAMILY: Readonly<Record<CustomFieldList, 'request' | 'response' | 'cookie'>> = {
  request_fields: 'request',
  transformed_request_fields: 'request',
  response_fields: 'response',
  raw_response_fields: 'response',
  cookie_fields: 'cookie',
};

/** RFC 9110 `token`: the characters of a header name, and (RFC 6265) of a cookie name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** Request headers the service does not put in custom fields. */
const NOT_LOGGED: ReadonlySet<string> = new Set(['range']);

const RULE_MEMBERS = ['id', 'version', 'action', 'expression', 'description', 'action_parameters', 'enabled', 'ref', 'last_updated', 'logging', 'categories'];
const STRING_MEMBERS = ['id', 'version', 'description', 'ref', 'last_updated'];
const ENTRY_MEMBERS = ['name', 'preserve_duplicates'];

/** Counts the fields of a zone and finds duplicates and raw-and-transformed pairs across its rules. */
export class FieldTally {
  /** Pointer of every field entry, in order, for the over-the-limit diagnostic. */
  readonly pointers: string[] = [];
  private readonly seen = new Map<string, { list: CustomFieldList; pointer: string }>();

  add(list: CustomFieldList, name: string, pointer: string, report: DiagnosticBag): void {
    this.pointers.push(pointer);
    const family = FAMILY[list];
    const key = `${family}:${family === 'cookie' ? name : name.toLowerCase()}`;
    const earlier = this.seen.get(key);
    if (!earlier) {
      this.seen.set(key, { list, pointer });
      return;
    }
    if (earlier.list === list) {
      report.report('error', jsonMessage('duplicate-custom-field', 'twice', { name, list, earlier: earlier.pointer }), pointer);
    } else {
      report.report('error', jsonMessage('raw-and-transformed', 'both', { name, earlier: earlier.list, list }), pointer);
    }
  }

  checkLimit(maxFields: number, report: DiagnosticBag): void {
    if (this.pointers.length <= maxFields) return;
    report.report('error', jsonMessage('too-many-custom-fields', 'overLimit', { count: this.pointers.length, max: maxFields }), this.pointers[maxFields]);
  }
}

export function checkRule(rule: unknown, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  if (!isObject(rule)) {
    report.report('error', jsonMessage('wrong-type', 'rule', { value: describeJson(rule) }), pointer);
    return;
  }
  warnUnknownMembers(rule, RULE_MEMBERS, pointer, 'rule', report);
  for (const member of STRING_MEMBERS) {
    if (member in rule && typeof rule[member] !== 'string')
      report.report(
        'error',
        jsonMessage('wrong-type', 'member', { member, expected: 'string', value: describeJson(rule[member]) }),
        childPointer(pointer, member),
      );
  }
  if (!('action' in rule)) report.report('error', jsonMessage('missing-member', 'rule', { member: 'action' }), pointer);
  else if (rule.action !== LOG_CUSTOM_FIELD)
    report.report(
      'error',
      jsonMessage('wrong-action', 'notLogCustomField', { action: LOG_CUSTOM_FIELD, value: describeJson(rule.action) }),
      childPointer(pointer, 'action'),
    );
  if (!('expression' in rule)) report.report('error', jsonMessage('missing-member', 'rule', { member: 'expression' }), pointer);
  else if (rule.expression !== 'true')
    report.report('error', jsonMessage('wrong-expression', 'notTrue', { value: describeJson(rule.expression) }), childPointer(pointer, 'expression'));
  if ('enabled' in rule) {
    if (typeof rule.enabled !== 'boolean')
      report.report(
        'error',
        jsonMessage('wrong-type', 'member', { member: 'enabled', expected: 'boolean', value: describeJson(rule.enabled) }),
        childPointer(pointer, 'enabled'),
      );
    else if (!rule.enabled) report.report('warning', jsonMessage('rule-disabled', 'disabled', {}), childPointer(pointer, 'enabled'));
  }
  const parameters = rule.action_parameters;
  const at = childPointer(pointer, 'action_parameters');
  if (parameters === undefined) {
    report.report('error', jsonMessage('missing-member', 'rule', { member: 'action_parameters' }), pointer);
  } else if (!isObject(parameters)) {
    report.report('error', jsonMessage('wrong-type', 'member', { member: 'action_parameters', expected: 'object', value: describeJson(parameters) }), at);
  } else {
    checkParameters(parameters, at, report, tally);
  }
}

function checkParameters(parameters: Record<string, unknown>, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  warnUnknownMembers(parameters, CUSTOM_FIELD_LISTS, pointer, 'action_parameters', report);
  const lists = CUSTOM_FIELD_LISTS.filter((list) => list in parameters);
  if (lists.length === 0) {
    report.report('error', jsonMessage('no-custom-fields', 'none', {}), pointer);
  }
  for (const list of lists) {
    const entries = parameters[list];
    const at = childPointer(pointer, list);
    if (!Array.isArray(entries)) {
      report.report('error', jsonMessage('wrong-type', 'member', { member: list, expected: 'fieldEntries', value: describeJson(entries) }), at);
      continue;
    }
    entries.forEach((entry, index) => {
      checkEntry(entry, list, childPointer(at, index), report, tally);
    });
  }
}

function checkEntry(entry: unknown, list: CustomFieldList, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  if (!isObject(entry)) {
    const asString = typeof entry === 'string' ? entry : undefined;
    report.report('error', jsonMessage('wrong-type', 'entry', { list, value: describeJson(entry), asString }), pointer);
    return;
  }
  warnUnknownMembers(entry, ENTRY_MEMBERS, pointer, 'field entry', report);
  if ('preserve_duplicates' in entry && typeof entry.preserve_duplicates !== 'boolean') {
    report.report(
      'error',
      jsonMessage('wrong-type', 'member', { member: 'preserve_duplicates', expected: 'boolean', value: describeJson(entry.preserve_duplicates) }),
      childPointer(pointer, 'preserve_duplicates'),
    );
  }
  const name = entry.name;
  const at = childPointer(pointer, 'name');
  if (!('name' in entry)) {
    report.report('error', jsonMessage('missing-member', 'entryName', {}), pointer);
    return;
  }
  if (typeof name !== 'string') {
    report.report('error', jsonMessage('wrong-type', 'member', { member: 'name', expected: 'string', value: describeJson(name) }), at);
    return;
  }
  if (name === '') {
    report.report('error', jsonMessage('empty-field-name', 'inEntry', {}), at);
    return;
  }
  const valid = FAMILY[list] === 'cookie' ? checkCookieName(name, at, report) : checkHeaderName(name, list, at, report);
  if (valid) tally.add(list, name, at, report);
}

function checkHeaderName(name: string, list: CustomFieldList, pointer: string, report: DiagnosticBag): boolean {
  if (!TOKEN.test(name)) {
    report.report('error', jsonMessage('invalid-header-name', 'notAToken', { name, ...tokenProblem(name, 'header') }), pointer);
    return false;
  }
  const lower = name.toLowerCase();
  if (name !== lower) report.report('error', jsonMessage('header-not-lower-case', 'upperCase', { name, lower }), pointer);
  if (FAMILY[list] === 'request' && NOT_LOGGED.has(lower)) report.report('warning', jsonMessage('header-not-logged', 'notLogged', { header: lower }), pointer);
  return true;
}

function checkCookieName(name: string, pointer: string, report: DiagnosticBag): boolean {
  if (TOKEN.test(name)) return true;
  report.report('error', jsonMessage('invalid-cookie-name', 'notAToken', { name, ...tokenProblem(name, 'cookie') }), pointer);
  return false;
}

/**
 * Why a name is not a token, as the message table's data: the first character not allowed (`bad`),
 * and the name that was likely meant, with its spaces trimmed or without the value given with it.
 */
function tokenProblem<W extends 'header' | 'cookie'>(name: string, what: W): { bad: string; what: W; trimmed?: string; alone?: string } {
  const bad = [...name].find((c) => !TOKEN_CHAR.test(c)) ?? '';
  const shown = (valid: string) => (what === 'header' ? valid.toLowerCase() : valid);
  const trimmed = name.trim();
  if (trimmed !== name && TOKEN.test(trimmed)) return { bad, what, trimmed: shown(trimmed) };
  const before = name.split(what === 'header' ? ':' : '=')[0].trim();
  if (before !== name.trim() && TOKEN.test(before)) return { bad, what, alone: shown(before) };
  return { bad, what };
}

function warnUnknownMembers(
  value: Record<string, unknown>,
  known: readonly string[],
  pointer: string,
  what: 'rule' | 'action_parameters' | 'field entry',
  report: DiagnosticBag,
): void {
  for (const member of Object.keys(value)) {
    if (known.includes(member)) continue;
    const guess = closest(member, known);
    report.memberWarning(jsonMessage('unknown-member', 'inRule', { what, member, guess, known }), childPointer(pointer, member));
  }
}
