/**
 * The wording of the diagnostics of JSON input, custom-field rules, job options, jobs and the tools
 * built on core: the part of the message table (messages.ts) that compiling filter text does not need.
 */
import { didYouMean, didYouMeanJson, m, type MessageTable, wordingOf } from './messages.js';

/** A criterion as the service takes it, for hints. */
const CRITERION_EXAMPLE = '{"key": "ClientCountry", "operator": "eq", "value": "us"}';

/** The hint for filter JSON the reader refused, from what the reader says is wrong. */
function jsonSyntaxHint(detail: string): string {
  if (detail.includes("trailing ','")) return 'remove the comma before the closing bracket';
  if (detail.includes('member name')) return 'member names are strings in double quotes, such as "where"';
  if (detail.includes('single quotes')) return 'write strings in double quotes';
  if (detail.includes('unexpected end')) return 'the JSON is cut short: close every string, [ and {';
  if (detail.includes("expected ','")) return 'a comma is missing between two values, or a closing bracket is missing';
  if (detail.includes('escape')) return 'escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX';
  if (detail.includes('found')) return 'decompile reads filter JSON such as {"where": ...}; filter text is what `compile` reads';
  return 'a filter is JSON such as {"where":{"key":"ClientCountry","operator":"eq","value":"us"}}';
}

/** What a filter file holds, for a document the language server does not check. */
const oneFilter = (maxBytes: number) => `a .lf file holds one filter, and a filter the service takes is at most ${maxBytes} bytes of JSON`;

/** What a JSON member must be, as a message says it. */
const EXPECTED = {
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  fieldEntries: 'an array of {"name": ...} objects',
  rules: 'an array of rules',
} as const;

/** The hint of a name that is not a token: the name with spaces trimmed, or without its value, or what a name may hold. */
function tokenHint(d: { what: 'header' | 'cookie'; trimmed?: string; alone?: string }): string {
  if (d.trimmed !== undefined) return `remove the spaces: '${d.trimmed}'`;
  if (d.alone !== undefined) return `write the ${d.what} name alone, without its value: '${d.alone}'`;
  return `a ${d.what} name holds letters, digits and ${"!#$%&'*+-.^_`|~"} only`;
}

/** Why a name is not a token: white space, or the first character not allowed. */
const badCharacter = (bad: string) => (bad.trim() === '' ? 'it contains white space' : `'${bad}' is not allowed in it`);

/** The example value of an option given with no value. */
const OPTION_EXAMPLES: Readonly<Record<string, string>> = { fields: 'RayID,ClientIP', timestamps: 'rfc3339', sample: '0.1' };

/** Hints for the members a custom-field rule needs. */
const RULE_MEMBER_HINTS = {
  action: 'add "action": "log_custom_field"',
  expression: 'add "expression": "true"',
  action_parameters: 'add "action_parameters": {"request_fields": [{"name": "user-agent"}]}',
} as const;

export const JSON_MESSAGES = {
  'space-in-fields': {
    spaces: m(
      (d: { name: string; trimmed: string; inText: boolean }) => `'${d.name}' has spaces around the field name`,
      (d) => (d.inText ? `write '${d.trimmed}', with no spaces after the commas` : `write '${d.trimmed}'`),
    ),
  },
  'custom-field-not-configured': {
    notConfigured: m(
      (d: { carrier: string; what: string; kind: 'cookie' | 'request' | 'response' }) =>
        `'${d.carrier}' is listed, but the zone has no ${d.what} custom fields: nothing will be delivered in it`,
      (d) => `configure the zone's ${d.what} custom fields first, or remove '${d.carrier}'`,
      (d) => ({ kind: 'configure-custom-fields', fields: d.kind, carrier: d.carrier }),
    ),
  },

  // Job options: logpull_options (text) and output_options (JSON).
  'unknown-option': {
    logpull: m(
      (d: { key: string; guess?: string; known: readonly string[] }) => (d.key === '' ? 'an option with no name' : `unknown option '${d.key}'`),
      (d) => (d.guess ? didYouMean(d.guess) : `known options: ${d.known.join(', ')}`),
    ),
    output: m(
      (d: { key: string; guess?: string; known: readonly string[] }) => `unknown output option '${d.key}'`,
      (d) => (d.guess ? didYouMean(d.guess) : `known: ${d.known.join(', ')}`),
    ),
    notConvertible: m(
      (d: { key: string; guess?: string }) => `unknown logpull option '${d.key}': it has no output_options equivalent`,
      (d) => (d.guess ? didYouMean(d.guess) : undefined),
    ),
  },
  'duplicate-option': {
    twice: m(
      (d: { key: string; column: number }) => `option '${d.key}' is given twice`,
      (d) => `keep one; the first is at column ${d.column}`,
    ),
  },
  'empty-option': {
    empty: m(
      () => "an empty option between '&'s",
      () => "remove the extra '&'",
    ),
  },
  'option-without-value': {
    noValue: m(
      (d: { key: string }) => `option '${d.key}' has no value`,
      (d) => `write ${d.key}=${OPTION_EXAMPLES[d.key] ?? 'true'}`,
    ),
  },
  'invalid-option-value': {
    /** `shown` is the value as the input holds it: quoted in an option string, described in JSON. */
    oneOf: m(
      (d: { option: string; allowed: readonly string[]; shown: string; guess?: string }) => `${d.option} takes ${d.allowed.join(', ')}, not ${d.shown}`,
      (d) => (d.guess ? didYouMean(d.guess) : undefined),
    ),
    trueOrFalse: m((d: { option: string; shown: string }) => `${d.option} takes true or false, not ${d.shown}`),
    sample: m((d: { shown: string }) => `sample takes a fraction above 0 and at most 1 (e.g. 0.1), not ${d.shown}`),
    sampleRate: m((d: { shown: string }) => `sample_rate takes a number above 0 and at most 1 (e.g. 0.1), not ${d.shown}`),
    string: m((d: { option: string; shown: string }) => `${d.option} takes a string, not ${d.shown}`),
  },
  'empty-fields': {
    fields: m(
      () => 'fields lists no field',
      () => 'write fields=RayID,ClientIP,EdgeStartTimestamp, or leave the option out',
    ),
    fieldNames: m(
      () => 'field_names lists no field',
      () => 'list at least one field, or leave field_names out',
    ),
  },
  'empty-field-name': {
    inFields: m(
      () => 'an empty field name in fields',
      () => "remove the extra ','",
    ),
    inEntry: m(() => 'the field name is empty'),
  },
  'duplicate-field': {
    twice: m(
      (d: { name: string }) => `field '${d.name}' is listed twice`,
      () => 'remove one',
    ),
  },
  'custom-field-not-listed': {
    notListed: m(
      (d: { what: string; names: readonly string[]; carrier: string }) =>
        `the zone logs ${d.what} custom fields (${d.names.join(', ')}), but '${d.carrier}' is not in fields: nothing of them will be delivered`,
      (d) => `add ${d.carrier} to fields`,
    ),
  },

  // Custom-field rules.
  'wrong-type': {
    rule: m((d: { value: string }) => `a rule must be a JSON object, not ${d.value}`),
    member: m((d: { member: string; expected: keyof typeof EXPECTED; value: string }) => `'${d.member}' must be ${EXPECTED[d.expected]}, not ${d.value}`),
    entry: m(
      (d: { list: string; value: string; asString?: string }) => `each entry of ${d.list} must be an object {"name": ...}, not ${d.value}`,
      (d) => (d.asString !== undefined ? `write {"name": ${JSON.stringify(d.asString)}}` : undefined),
    ),
  },
  'wrong-action': {
    notLogCustomField: m(
      (d: { action: string; value: string }) => `a custom-field rule takes action '${d.action}', not ${d.value}`,
      (d) => `write "action": "${d.action}"`,
    ),
  },
  'wrong-expression': {
    notTrue: m(
      (d: { value: string }) => `a custom-field rule takes the expression "true", not ${d.value}`,
      () => 'write "expression": "true": custom fields apply to every request',
    ),
  },
  'rule-disabled': {
    disabled: m(
      () => 'this rule is disabled: its fields are not logged',
      () => 'set "enabled": true, or remove the rule',
    ),
  },
  'no-custom-fields': {
    none: m(
      () => 'action_parameters holds none of request_fields, response_fields and cookie_fields',
      () => 'add at least one, e.g. "request_fields": [{"name": "user-agent"}]',
    ),
  },
  'invalid-header-name': {
    notAToken: m(
      (d: { name: string; bad: string; what: 'header'; trimmed?: string; alone?: string }) =>
        `'${d.name}' is not a valid HTTP header name: ${badCharacter(d.bad)}`,
      tokenHint,
    ),
  },
  'invalid-cookie-name': {
    notAToken: m(
      (d: { name: string; bad: string; what: 'cookie'; trimmed?: string; alone?: string }) => `'${d.name}' is not a valid cookie name: ${badCharacter(d.bad)}`,
      tokenHint,
    ),
  },
  'header-not-lower-case': {
    upperCase: m(
      (d: { name: string; lower: string }) => `header name '${d.name}' must be lower case`,
      (d) => `write '${d.lower}'`,
    ),
  },
  'header-not-logged': {
    notLogged: m(
      (d: { header: string }) => `the service does not log the '${d.header}' request header`,
      () => 'this entry uses up a field and delivers nothing: remove it',
    ),
  },
  'duplicate-custom-field': {
    twice: m(
      (d: { name: string; list: string; earlier: string }) => `'${d.name}' is configured twice in ${d.list}`,
      (d) => `remove this entry; it is already at ${d.earlier}`,
    ),
  },
  'raw-and-transformed': {
    both: m(
      (d: { name: string; earlier: string; list: string }) => `header '${d.name}' is in both ${d.earlier} and ${d.list}`,
      () => 'a header is logged either raw or transformed, not both: keep one of the two entries',
    ),
  },
  'too-many-custom-fields': {
    overLimit: m(
      (d: { count: number; max: number }) => `${d.count} custom fields are configured; a zone takes at most ${d.max}`,
      (d) => `remove ${d.count - d.max} field${d.count - d.max === 1 ? '' : 's'}; this one is the first over the limit`,
    ),
  },
  'unknown-document': {
    notRules: m(
      (d: { value: string }) => `expected custom-field rules, not ${d.value}`,
      () => 'give a rule, a rules array, a PUT body {"rules": [...]}, a ruleset, or an API response envelope',
    ),
    result: m((d: { value: string }) => `expected a ruleset or a list of rulesets in 'result', not ${d.value}`),
  },
  'service-error': {
    answered: m((d: { code: string; message: string }) => `the service answered ${d.code}: ${d.message}`),
    failed: m(() => 'the service answered success: false'),
  },
  'wrong-phase': {
    notCustomFields: m((d: { phase: string; value: string }) => `custom fields live in phase '${d.phase}', not ${d.value}`),
  },
  'wrong-kind': {
    notZone: m((d: { value: string }) => `the custom-fields ruleset is the zone entry point, of kind 'zone', not ${d.value}`),
  },
  'duplicate-ruleset': {
    second: m(
      (d: { phase: string; first: string }) => `a second zone ruleset for phase '${d.phase}'; a zone has at most one`,
      (d) => `the first is at ${d.first}`,
    ),
  },

  // Shared by custom-field rules, jobs and filter JSON.
  'missing-member': {
    rule: m(
      (d: { member: keyof typeof RULE_MEMBER_HINTS }) => `the rule has no '${d.member}'`,
      (d) => RULE_MEMBER_HINTS[d.member],
    ),
    entryName: m(
      () => "the entry has no 'name'",
      () => 'add "name": "<header or cookie name>"',
    ),
    destination: m(
      () => 'destination_conf is required',
      () => 'write e.g. "destination_conf": "s3://bucket/path?region=us-west-2"',
    ),
    criterion: m(
      (d: { missing: readonly string[] }) => `the criterion has no ${d.missing.map((name) => `"${name}"`).join(' or ')}`,
      () => `a criterion has "key", "operator" and "value": ${CRITERION_EXAMPLE}`,
    ),
  },
  'unknown-member': {
    inRule: m(
      (d: { what: 'rule' | 'action_parameters' | 'field entry'; member: string; guess?: string; known: readonly string[] }) =>
        `unknown ${d.what} member '${d.member}'; the service may reject or ignore it`,
      (d) => (d.guess ? didYouMean(d.guess) : `known members: ${d.known.join(', ')}`),
    ),
    inFilter: m(
      (d: { name: string; guess?: string }) => `unknown member "${d.name}"`,
      (d) =>
        d.name === 'where'
          ? '"where" belongs only at the root of the filter'
          : d.guess
            ? didYouMeanJson(d.guess)
            : 'a criterion has "key", "operator" and "value"; a group has "and" or "or"',
    ),
    besideWhere: m(
      (d: { name: string }) => `unknown member "${d.name}" beside "where"`,
      () => 'the filter object has one member, "where"',
    ),
  },
  'wrong-json-type': {
    /** A job member: `expected` as EXPECTED says it. */
    member: m((d: { member: string; expected: 'string' | 'boolean'; value: string }) => `${d.member} must be ${EXPECTED[d.expected]}, not ${d.value}`),
    filter: m((d: { value: string }) => `filter must be the filter JSON as a string, not ${d.value}`),
    outputOptions: m(
      (d: { value: string }) => `output_options must be an object, not ${d.value}`,
      () => 'write {"field_names": ["RayID"], ...}',
    ),
    fieldNames: m(
      (d: { value: string }) => `field_names must be an array of field names, not ${d.value}`,
      () => 'write ["RayID", "ClientIP"]',
    ),
    fieldName: m((d: { value: string }) => `a field name must be a string, not ${d.value}`),
    criterionMember: m(
      (d: { name: string; what: string; value: string }) => `"${d.name}" must be a string (${d.what}), not ${d.value}`,
      () => `write it in double quotes: ${CRITERION_EXAMPLE}`,
    ),
  },
  'invalid-json': {
    /** `detail` is what the JSON reader says is wrong. */
    malformed: m((d: { detail: string }) => `malformed JSON: ${d.detail}`),
    notJson: m((d: { detail: string }) => `not valid JSON: ${d.detail}`),
    empty: m(
      (d: { what: string }) => `${d.what} is empty`,
      () => 'give the filter JSON {"where": ...}, its escaped string, or a job holding it',
    ),
    filterSyntax: m(
      (d: { what: string; detail: string }) => `${d.what} is not valid JSON: ${d.detail}`,
      (d) => jsonSyntaxHint(d.detail),
    ),
  },

  // Filter JSON: its shape, as decompile reads it.
  'not-a-filter': {
    notAnObject: m(
      (d: { value: string }) => `expected a filter, not ${d.value}`,
      () => 'give the filter object {"where": ...}, its escaped JSON string, or a job with a "filter" member',
    ),
    noMember: m(
      () => 'this object is not a filter: it has no "where", "filter" or "result" member',
      () => `a filter is {"where": ${CRITERION_EXAMPLE}}`,
    ),
  },
  'no-filter': {
    job: m(
      () => 'this job has no filter: it delivers every log line',
      () => 'there is nothing to decompile',
    ),
    list: m(
      () => 'no job in this list has a filter',
      () => 'there is nothing to decompile',
    ),
    /** A Terraform expression (`filter = ...`) with no filter attribute (@logfilter/terraform). */
    hcl: m(
      () => 'no filter attribute in the input',
      () => 'give filter = jsonencode({...}) or the expression alone',
    ),
  },
  'several-filters': {
    several: m(
      (d: { count: number; first: string }) => `${d.count} jobs in this list have filters`,
      (d) => `give one job, such as the one at ${d.first}`,
    ),
  },
  'missing-where': {
    /** `wrapped` is the node wrapped in {"where": ...}, as JSON; the hint shortens a long one. */
    bare: m(
      (_: { wrapped: string }) => 'the filter has no "where" wrapper: the service takes {"where": <criterion or group>}',
      (d) => `wrap it: ${d.wrapped.length <= 160 ? d.wrapped : `{"where": ${d.wrapped.slice(9, 140)}...}`}`,
    ),
  },
  'expected-object': {
    node: m(
      (d: { value: string }) => `a filter node must be an object, not ${d.value}`,
      () => `a criterion is ${CRITERION_EXAMPLE}; a group is {"and": [...]} or {"or": [...]}`,
    ),
  },
  'expected-array': {
    group: m(
      (d: { group: 'and' | 'or'; value: string }) => `"${d.group}" takes an array of criteria and groups, not ${d.value}`,
      (d) => `write {"${d.group}": [${CRITERION_EXAMPLE}, ...]}`,
    ),
  },
  'mixed-group': {
    andAndOr: m(
      () => 'one node holds both "and" and "or"',
      () => 'a group has one of them; nest one in the other: {"and": [..., {"or": [...]}]}',
    ),
  },
  'group-with-criterion': {
    both: m(
      (d: { group: 'and' | 'or'; members: readonly string[] }) =>
        `a group cannot also be a criterion: this "${d.group}" node has ${d.members.map((n) => `"${n}"`).join(', ')}`,
      (d) => `move the criterion into the group's list: {"${d.group}": [${CRITERION_EXAMPLE}, ...]}`,
    ),
  },
  'empty-node': {
    empty: m(
      () => 'an empty object is neither a criterion nor a group',
      () => `write a criterion such as ${CRITERION_EXAMPLE}`,
    ),
  },
  'empty-group': {
    empty: m(
      (d: { group: 'and' | 'or' }) => `the "${d.group}" group is empty`,
      () => 'a group needs at least one member: add criteria to it, or remove it',
    ),
  },
  'wrong-value-type': {
    notScalar: m(
      (d: { value: string }) => `a value must be a string, a number or a boolean, not ${d.value}`,
      () => 'for example "value": "us", or "value": ["us", "ca"] for in and !in',
    ),
    /** `example` is the list with its values of the wanted type, as JSON, when there is one. */
    listOfType: m(
      (d: { type: string; field: string; wanted: 'number' | 'string'; value: string; example?: string }) =>
        `the list of ${d.type} field '${d.field}' takes ${d.wanted === 'number' ? 'numbers' : 'strings'}, not ${d.value}`,
      (d) =>
        `the service reads the list by the field's type; write ${d.wanted === 'number' ? 'numbers without quotes' : 'every value in quotes'}${d.example !== undefined ? `: "value": ${d.example}` : ''}`,
    ),
    mixedList: m(
      (d: { field: string }) => `the list of '${d.field}' mixes numbers and strings`,
      () => 'write all numbers, or all strings',
    ),
  },

  // Filter-text codes met in filter JSON, worded for JSON (their text wording is in filter-messages.ts).
  'unknown-operator': {
    /** In filter JSON, which takes only the exact spellings; `oldSpellingOf` is the operator an old spelling stands for. */
    inJson: m(
      (d: { spelling: string; oldSpellingOf?: string; guess?: string; operators: readonly string[] }) => `'${d.spelling}' is not an operator`,
      (d) =>
        d.oldSpellingOf
          ? `'${d.spelling}' is an old spelling; the service takes '${d.oldSpellingOf}'`
          : d.guess
            ? `${didYouMean(d.guess)} the service takes only the exact spellings ${d.operators.join(', ')}`
            : `the operators are ${d.operators.join(', ')}`,
    ),
  },
  'nesting-too-deep': {
    tooDeepJson: m(
      (d: { maxDepth: number }) => `the filter is nested more than ${d.maxDepth} levels deep`,
      () => 'nested groups of the same kind mean the same flattened',
    ),
  },
  'expected-list': {
    /** `values` is the list meant, as JSON; `refusedAsString` says the service refuses the string given for a numeric field. */
    jsonArray: m(
      (d: { operator: string; value: string; values: string; refusedAsString: boolean }) => `'${d.operator}' takes a JSON array, not ${d.value}`,
      (d) =>
        `write the values as a JSON array: "value": ${d.values}${d.refusedAsString ? ' (the service rejects a string here with "supported kinds: []uint64")' : ''}`,
    ),
  },
  'expected-scalar': {
    /** `into` is the list operator that takes several values, when there is one. */
    jsonList: m(
      (d: { operator: string; into?: string }) => `'${d.operator}' takes one value, not a list`,
      (d) =>
        d.into
          ? `to match any of several values write "operator": "${d.into}"`
          : `'${d.operator}' compares with one value; put several criteria in an "or" group`,
    ),
  },
  'empty-list': {
    /** `example` is a list of values of the field's type, as JSON. */
    jsonEmpty: m(
      (d: { operator: string; example: string }) => `'${d.operator}' needs at least one value`,
      (d) => `list at least one value: "value": ${d.example}`,
    ),
  },
  'invalid-argument': {
    rulesText: m(
      (d: { given: string }) => `the rules text must be a string, not ${d.given}`,
      () => 'pass the JSON text, or use checkCustomFields for a parsed document',
    ),
  },

  // Jobs.
  'not-a-job': {
    none: m(() => 'no job here: expected a job object, a list of jobs, or an API answer holding them'),
  },
  'deprecated-member': {
    frequency: m(
      () => 'frequency is deprecated',
      () => 'use max_upload_bytes, max_upload_records and max_upload_interval_seconds',
    ),
  },
  'dataset-disagrees': {
    job: m((d: { own: string; given: string }) => `the job's dataset is '${d.own}'; it is checked against that, not '${d.given}'`),
    filterOfJob: m(
      (d: { own: string; given: string }) => `the job's dataset is '${d.own}': the filter is checked against it, not '${d.given}'`,
      () => "leave out the dataset you gave: the job's own is used",
      () => ({ kind: 'drop-dataset' }),
    ),
  },
  'invalid-name': {
    notAllowed: m(
      (_: { fixed: string }) => "a job name may hold letters, digits, '-' and '.' only",
      (d) => `write '${d.fixed}'`,
    ),
  },
  'name-too-long': {
    tooLong: m((d: { length: number; max: number }) => `the name is ${d.length} characters, over the limit of ${d.max}`),
  },
  'invalid-destination': {
    tooLong: m(
      (d: { length: number; max: number }) => `destination_conf is ${d.length} characters, over the limit of ${d.max}`,
      () => 'shorten it',
    ),
    /** `scheme` is undefined when `conf` is not a URL at all. */
    unknownScheme: m(
      (d: { conf: string; scheme?: string; schemes: readonly string[] }) =>
        d.scheme ? `unknown destination scheme '${d.scheme}://'` : `'${d.conf}' is not a destination URL`,
      (d) => `known schemes: ${d.schemes.map((s) => `${s}://`).join(', ')} (e.g. s3://bucket/path?region=us-west-2)`,
    ),
  },
  'out-of-range': {
    uploadLimit: m(
      (d: { member: string; low: number; high: number; value: string }) =>
        `${d.member} takes 0 or a whole number from ${d.low.toLocaleString('en')} to ${d.high.toLocaleString('en')}, not ${d.value}`,
    ),
  },
  'invalid-kind': {
    notEdge: m((d: { value: string }) => `kind takes "" or "edge", not ${d.value}`),
    edgeNotHttp: m(
      (d: { dataset: string }) => `kind "edge" is only for http_requests, not ${d.dataset}`,
      () => 'remove kind, or write "kind": ""',
    ),
  },
  'edge-with-limit': {
    limit: m(
      (d: { member: string }) => `a job of kind "edge" takes no ${d.member}`,
      (d) => `remove ${d.member}`,
    ),
  },
  'output-options-win': {
    both: m(
      () => 'the job has output_options and logpull_options: output_options wins, logpull_options is ignored',
      () => 'remove logpull_options',
    ),
  },

  /*
   * The tools built on core, each in its own package: the solver's exact lint (check --deep), Terraform
   * files, the language server, the service's client and its emulator.
   */
  /** `group` is AND or OR for a group inside the filter; none for the whole filter. */
  'never-matches': {
    deep: m(
      (d: { group?: string }) => `no record passes ${d.group ? `this ${d.group} group` : 'this filter'}, so it never matches`,
      () => 'as written the job delivers nothing from it: the conditions exclude one another',
    ),
  },
  'always-matches': {
    deep: m(
      (d: { group?: string }) => `every record passes ${d.group ? `this ${d.group} group` : 'this filter'}, so it filters nothing`,
      () => 'remove it, or join its conditions with AND',
    ),
  },
  /** `member` is the redundant criterion as the filter's text shows it. */
  redundant: {
    impliedInAnd: m(
      (d: { member: string }) => `'${d.member}' is implied by the other conditions of this AND group`,
      () => 'remove it: the filter means the same without it',
    ),
    nothingToOr: m(
      (d: { member: string }) => `'${d.member}' adds nothing to this OR group: every record it lets through, another condition does`,
      () => 'remove it: the filter means the same without it',
    ),
  },
  'invalid-hcl': {
    /** What the HCL reader refused and what to do about it, as it says them (@logfilter/terraform's hcl-lexer.ts and hcl-parser.ts). */
    syntax: m(
      (d: { detail: string; remedy: string }) => d.detail,
      (d) => d.remedy,
    ),
  },
  'not-checked': {
    /** `reason` says what holds the filter back (a variable, a function call), from to-json.ts. */
    decompile: m(
      (d: { reason: string }) => `cannot decompile: ${d.reason}`,
      () => 'give the filter with literal values',
    ),
  },
  /** `maxBytes` is the service's limit on a filter's JSON. */
  'document-too-large': {
    notChecked: m(
      (d: { length: number; limit: number; maxBytes: number }) =>
        `the document is ${d.length} characters long; the language server checks documents of up to ${d.limit}, so this one is not checked`,
      (d) => oneFilter(d.maxBytes),
    ),
    notKept: m(
      (d: { length: number; kept: number; maxBytes: number }) =>
        `the document is ${d.length} characters long, over the ${d.kept} the language server keeps of one document; its text is not kept, so it is not checked`,
      (d) => `it is checked again once the editor sends its whole text within the limit (reopen it when it is shorter); ${oneFilter(d.maxBytes)}`,
    ),
    notKeptWithOthers: m(
      (d: { length: number; others: number; keptTotal: number; maxBytes: number }) =>
        `the document is ${d.length} characters long, and with the ${d.others} the other open documents hold it would pass the ${d.keptTotal} the language server keeps of all open documents together; its text is not kept, so it is not checked`,
      (d) => `close other documents and reopen this one to have it checked; ${oneFilter(d.maxBytes)}`,
    ),
  },
  'fixed-member': {
    /** `value` is the member's value now, as JSON. */
    changed: m(
      (d: { member: string; id: string; value: string }) => `the ${d.member} of a job cannot change (job ${d.id} has ${d.value})`,
      () => 'create a new job with the new value, then delete this one',
    ),
  },
  'invalid-rule': {
    notAnArray: m(() => "'rules' must be an array"),
    notARule: m(() => 'a rule needs a string action and a string expression'),
  },
} as const satisfies MessageTable;

/** A JSON-input or job diagnostic's words, from its code, message id and data. */
export const jsonMessage = wordingOf(JSON_MESSAGES);
