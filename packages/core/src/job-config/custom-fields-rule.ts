/** The checks of one custom-field rule (spec 2.3, 2.4, 8) and of the field names it configures. */
import { didYouMean } from '../base/messages.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import { childPointer, describeJson, isObject } from '../base/json-source.js';

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
      report.error('duplicate-custom-field', pointer, `'${name}' is configured twice in ${list}`, `remove this entry; it is already at ${earlier.pointer}`);
    } else {
      report.error(
        'raw-and-transformed',
        pointer,
        `header '${name}' is in both ${earlier.list} and ${list}`,
        'a header is logged either raw or transformed, not both: keep one of the two entries',
      );
    }
  }

  checkLimit(maxFields: number, report: DiagnosticBag): void {
    if (this.pointers.length <= maxFields) return;
    const over = this.pointers.length - maxFields;
    report.error(
      'too-many-custom-fields',
      this.pointers[maxFields],
      `${this.pointers.length} custom fields are configured; a zone takes at most ${maxFields}`,
      `remove ${over} field${over === 1 ? '' : 's'}; this one is the first over the limit`,
    );
  }
}

export function checkRule(rule: unknown, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  if (!isObject(rule)) {
    report.error('wrong-type', pointer, `a rule must be a JSON object, not ${describeJson(rule)}`);
    return;
  }
  warnUnknownMembers(rule, RULE_MEMBERS, pointer, 'rule', report);
  for (const member of STRING_MEMBERS) {
    if (member in rule && typeof rule[member] !== 'string')
      report.error('wrong-type', childPointer(pointer, member), `'${member}' must be a string, not ${describeJson(rule[member])}`);
  }
  if (!('action' in rule)) report.error('missing-member', pointer, "the rule has no 'action'", `add "action": "${LOG_CUSTOM_FIELD}"`);
  else if (rule.action !== LOG_CUSTOM_FIELD)
    report.error(
      'wrong-action',
      childPointer(pointer, 'action'),
      `a custom-field rule takes action '${LOG_CUSTOM_FIELD}', not ${describeJson(rule.action)}`,
      `write "action": "${LOG_CUSTOM_FIELD}"`,
    );
  if (!('expression' in rule)) report.error('missing-member', pointer, "the rule has no 'expression'", 'add "expression": "true"');
  else if (rule.expression !== 'true')
    report.error(
      'wrong-expression',
      childPointer(pointer, 'expression'),
      `a custom-field rule takes the expression "true", not ${describeJson(rule.expression)}`,
      'write "expression": "true": custom fields apply to every request',
    );
  if ('enabled' in rule) {
    if (typeof rule.enabled !== 'boolean')
      report.error('wrong-type', childPointer(pointer, 'enabled'), `'enabled' must be true or false, not ${describeJson(rule.enabled)}`);
    else if (!rule.enabled)
      report.warning(
        'rule-disabled',
        childPointer(pointer, 'enabled'),
        'this rule is disabled: its fields are not logged',
        'set "enabled": true, or remove the rule',
      );
  }
  const parameters = rule.action_parameters;
  const at = childPointer(pointer, 'action_parameters');
  if (parameters === undefined) {
    report.error('missing-member', pointer, "the rule has no 'action_parameters'", 'add "action_parameters": {"request_fields": [{"name": "user-agent"}]}');
  } else if (!isObject(parameters)) {
    report.error('wrong-type', at, `'action_parameters' must be an object, not ${describeJson(parameters)}`);
  } else {
    checkParameters(parameters, at, report, tally);
  }
}

function checkParameters(parameters: Record<string, unknown>, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  warnUnknownMembers(parameters, CUSTOM_FIELD_LISTS, pointer, 'action_parameters', report);
  const lists = CUSTOM_FIELD_LISTS.filter((list) => list in parameters);
  if (lists.length === 0) {
    report.error(
      'no-custom-fields',
      pointer,
      'action_parameters holds none of request_fields, response_fields and cookie_fields',
      'add at least one, e.g. "request_fields": [{"name": "user-agent"}]',
    );
  }
  for (const list of lists) {
    const entries = parameters[list];
    const at = childPointer(pointer, list);
    if (!Array.isArray(entries)) {
      report.error('wrong-type', at, `'${list}' must be an array of {"name": ...} objects, not ${describeJson(entries)}`);
      continue;
    }
    entries.forEach((entry, index) => {
      checkEntry(entry, list, childPointer(at, index), report, tally);
    });
  }
}

function checkEntry(entry: unknown, list: CustomFieldList, pointer: string, report: DiagnosticBag, tally: FieldTally): void {
  if (!isObject(entry)) {
    const hint = typeof entry === 'string' ? `write {"name": ${JSON.stringify(entry)}}` : undefined;
    report.error('wrong-type', pointer, `each entry of ${list} must be an object {"name": ...}, not ${describeJson(entry)}`, hint);
    return;
  }
  warnUnknownMembers(entry, ENTRY_MEMBERS, pointer, 'field entry', report);
  if ('preserve_duplicates' in entry && typeof entry.preserve_duplicates !== 'boolean') {
    report.error(
      'wrong-type',
      childPointer(pointer, 'preserve_duplicates'),
      `'preserve_duplicates' must be true or false, not ${describeJson(entry.preserve_duplicates)}`,
    );
  }
  const name = entry.name;
  const at = childPointer(pointer, 'name');
  if (!('name' in entry)) {
    report.error('missing-member', pointer, `the entry has no 'name'`, 'add "name": "<header or cookie name>"');
    return;
  }
  if (typeof name !== 'string') {
    report.error('wrong-type', at, `'name' must be a string, not ${describeJson(name)}`);
    return;
  }
  if (name === '') {
    report.error('empty-field-name', at, 'the field name is empty');
    return;
  }
  const valid = FAMILY[list] === 'cookie' ? checkCookieName(name, at, report) : checkHeaderName(name, list, at, report);
  if (valid) tally.add(list, name, at, report);
}

function checkHeaderName(name: string, list: CustomFieldList, pointer: string, report: DiagnosticBag): boolean {
  if (!TOKEN.test(name)) {
    report.error('invalid-header-name', pointer, `'${name}' is not a valid HTTP header name: ${badCharacter(name)}`, tokenHint(name, 'header'));
    return false;
  }
  const lower = name.toLowerCase();
  if (name !== lower) report.error('header-not-lower-case', pointer, `header name '${name}' must be lower case`, `write '${lower}'`);
  if (FAMILY[list] === 'request' && NOT_LOGGED.has(lower)) {
    report.warning(
      'header-not-logged',
      pointer,
      `the service does not log the '${lower}' request header`,
      'this entry uses up a field and delivers nothing: remove it',
    );
  }
  return true;
}

function checkCookieName(name: string, pointer: string, report: DiagnosticBag): boolean {
  if (TOKEN.test(name)) return true;
  report.error('invalid-cookie-name', pointer, `'${name}' is not a valid cookie name: ${badCharacter(name)}`, tokenHint(name, 'cookie'));
  return false;
}

function badCharacter(name: string): string {
  const bad = [...name].find((c) => !TOKEN_CHAR.test(c)) ?? '';
  return bad.trim() === '' ? 'it contains white space' : `'${bad}' is not allowed in it`;
}

function tokenHint(name: string, what: 'header' | 'cookie'): string {
  const trimmed = name.trim();
  if (trimmed !== name && TOKEN.test(trimmed)) return `remove the spaces: '${what === 'header' ? trimmed.toLowerCase() : trimmed}'`;
  const before = name.split(what === 'header' ? ':' : '=')[0].trim();
  if (before !== name.trim() && TOKEN.test(before))
    return `write the ${what} name alone, without its value: '${what === 'header' ? before.toLowerCase() : before}'`;
  return `a ${what} name holds letters, digits and ${"!#$%&'*+-.^_`|~"} only`;
}

function warnUnknownMembers(value: Record<string, unknown>, known: readonly string[], pointer: string, what: string, report: DiagnosticBag): void {
  for (const member of Object.keys(value)) {
    if (known.includes(member)) continue;
    const guess = closest(member, known);
    report.memberWarning(
      'unknown-member',
      childPointer(pointer, member),
      `unknown ${what} member '${member}'; the service may reject or ignore it`,
      guess ? didYouMean(guess) : `known members: ${known.join(', ')}`,
    );
  }
}
