/**
 * Every entry of the message table fills its placeholders: each message, hint and advice made from
 * sample data (one or more samples per message id, covering its branches) holds no `undefined`,
 * `NaN`, `[object Object]` or unfilled `${...}`, and each member of the data that is a text, number
 * or list shows up in the words of at least one sample (a boolean only chooses a branch).
 */
import { MESSAGES } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import type { FilterMessages } from '../src/base/filter-messages.js';
import type { InputMessages } from '../src/base/input-messages.js';
import type { JSON_MESSAGES } from '../src/base/json-messages.js';
import type { MessageTemplate } from '../src/base/messages.js';

/** For each code and message id, samples of the data its templates read. */
type Samples<T> = { [C in keyof T]?: { [I in keyof T[C]]: ReadonlyArray<T[C][I] extends MessageTemplate<infer D> ? D : never> } };
type Table = FilterMessages & typeof JSON_MESSAGES & InputMessages;

const GUESS = 'GuessedName';
const V = 'the string "zz"';

/** Sample data for each message, by code and message id: one object per branch worth seeing. */
const SAMPLES = {
  'empty-filter': { empty: [{}] },
  'unterminated-string': { notClosed: [{ char: '"' }] },
  'invalid-escape': {
    shortUnicode: [{}],
    unknown: [
      { next: 'q', singleQuoted: true },
      { next: 'q', singleQuoted: false },
    ],
  },
  'unexpected-character': {
    unexpected: [
      { shown: '&', several: false },
      { shown: '||x', several: true },
      { shown: '{', several: false },
    ],
  },
  'unexpected-token': {
    unmatchedParen: [{}],
    inValue: [{ found: "'('", whole: '"/a(b)"' }],
    listWithoutParentheses: [{ found: "','", list: '(us, ca)' }],
    afterFilter: [
      { found: "'ca'", whole: '"us ca"', valueNext: true },
      { found: "'('", valueNext: true },
      { found: "'!'", valueNext: false },
    ],
    afterGroup: [{ found: "'ca'", whole: '"us ca"' }, { found: "'!'" }],
    inList: [{ found: "'ca'", closer: ']' }],
  },
  'expected-field': {
    atEnd: [{ found: 'the end of the filter', previous: "'AND'" }],
    emptyGroup: [{ found: "')'", previous: "'('" }],
    unmatchedParen: [{ found: "')'", previous: "'AND'" }, { found: "')'" }],
    keyword: [{ found: "'OR'" }],
    unspacedOperator: [{ found: "'a=b'", spaced: 'a = b' }],
    notAName: [{ found: "'1x'", previous: "'AND'" }],
  },
  'expected-operator': {
    afterField: [{ found: "'us'", previous: "'ClientCountry'", operators: 'eq, !eq' }],
    notAnOperator: [
      { word: "'equals'", operators: 'eq, !eq' },
      { word: "'ne'", guess: '!eq', also: '!=', operators: 'eq, !eq' },
    ],
  },
  'expected-value': {
    extraComma: [{ found: "','" }],
    keyword: [{ found: "'and'", previous: "'eq'", word: 'and' }],
    missing: [{ found: 'the end of the filter', previous: "'eq'" }],
  },
  'unclosed-paren': { group: [{ line: 1, column: 5 }], list: [{ line: 2, column: 17, closer: ']' }] },
  'nesting-too-deep': { tooDeep: [{ maxDepth: 64 }], tooDeepJson: [{ maxDepth: 65 }] },
  'never-matches': { andGroup: [{ key: 'ClientCountry' }], deep: [{}, { group: 'AND' }] },
  'always-matches': { orGroup: [{ key: 'ClientCountry' }], deep: [{}, { group: 'OR' }] },
  redundant: { impliedInAnd: [{ member: 'BotScore lt 30' }], nothingToOr: [{ member: 'ClientCountry eq us' }] },
  'invalid-hcl': { syntax: [{ detail: "unexpected character '@'", remedy: 'this is not HCL; is the file a Terraform configuration?' }] },
  'not-checked': { decompile: [{ reason: 'the filter is `var.filter`, known only when Terraform plans' }] },
  'document-too-large': {
    notChecked: [{ length: 2_000_000, limit: 1_000_000, maxBytes: 1000 }],
    notKept: [{ length: 9_000_000, kept: 8_000_000, maxBytes: 1000 }],
    notKeptWithOthers: [{ length: 3_000_000, others: 30_000_000, keptTotal: 32_000_000, maxBytes: 1000 }],
  },
  'fixed-member': { changed: [{ member: 'dataset', id: '7', value: '"http_requests"' }] },
  'invalid-rule': { notAnArray: [{}], notARule: [{}] },
  'value-case': { upperCase: [{ key: 'ClientCountry', value: 'US', lower: 'us' }] },
  'not-a-timestamp': { notATime: [{ key: 'EdgeStartTimestamp', value: 'yesterday' }] },
  'not-a-wildcard': { star: [{ value: '"*.example.com"', criterion: 'ClientRequestHost endsWith ".example.com"' }] },
  'not-an-address': {
    network: [
      { key: 'ClientIP', value: '"10.0.0.0/8"', prefix: '10.' },
      { key: 'ClientIP', value: '"192.0.2.1/32"', address: '192.0.2.1' },
      { key: 'ClientIP', value: '"2001:db8::/32"' },
    ],
  },
  'unknown-dataset': { notADataset: [{}], unknown: [{ name: 'http_request' }, { name: 'http_request', guess: GUESS }] },
  'unknown-field': {
    inDataset: [
      { name: 'Nonsense', dataset: 'http_requests' },
      { name: 'clientcountry', dataset: 'http_requests', guess: GUESS, sameLetters: true },
      { name: 'QueryName', dataset: 'http_requests', elsewhere: ['dns_logs'], guess: GUESS },
      { name: 'QueryName', dataset: 'http_requests', elsewhere: ['dns_logs', 'gateway_dns'] },
    ],
    inFieldList: [
      { name: 'Nonsense', dataset: 'http_requests' },
      { name: 'Nonsense', dataset: 'http_requests', guess: GUESS },
    ],
  },
  'unknown-operator': {
    notAnOperator: [
      { spelling: 'equals', operators: 'eq, !eq' },
      { spelling: 'ne', guess: '!eq', also: '!=', operators: 'eq, !eq' },
    ],
    range: [{ spelling: 'between', criteria: 'BotScore geq 1 AND BotScore leq 29' }],
    pattern: [
      { spelling: 'like', pattern: '"/api%"', criterion: 'ClientRequestPath startsWith "/api"', caseless: false },
      { spelling: 'ilike', pattern: '"%bot%"', criterion: 'ClientRequestUserAgent contains "bot"', caseless: true },
      { spelling: 'matches', pattern: '"^/v[0-9]+"', caseless: false },
    ],
    inJson: [
      { spelling: 'equals', operators: ['eq', 'in'] },
      { spelling: 'Eq', guess: 'eq', operators: ['eq'] },
      { spelling: 'equal', oldSpellingOf: 'eq', operators: [] },
    ],
  },
  'field-not-filterable': { objects: [{ field: 'Cookies', type: 'object' }], notFiltered: [{ field: 'RayID', dataset: 'http_requests' }] },
  'operator-not-allowed': {
    integerOrText: [{ operator: 'lt', side: 'text', field: 'F', type: 'int or string', withNumber: 'eq, lt', withText: 'eq, contains' }],
    timeAsText: [{ operator: 'gt', value: '2024-01-01', field: 'EdgeStartTimestamp', seconds: '1704067200', nanoseconds: '1704067200000000000' }],
    ofType: [{ operator: 'contains', kind: 'bool', field: 'F', allowed: 'eq, !eq' }],
  },
  'invalid-value': {
    notANumber: [{ shown: 'abc', what: 'a number', field: 'EdgeResponseStatus', fieldKind: 'an int', example: '200' }],
    notABoolean: [{ shown: 'yes', field: 'WAFFlags' }],
  },
  'quoted-number': { quoted: [{ quoted: '"200"', number: '200' }] },
  'quoted-boolean': { quoted: [{ shown: '"true"', value: 'true' }] },
  'deprecated-operator': { oldSpelling: [{ spelling: 'equal', operator: 'eq' }] },
  'deprecated-field': {
    inFilter: [{ field: 'Old', dataset: 'http_requests', description: 'the old one' }],
    inFieldList: [{ field: 'Old', dataset: 'http_requests' }],
  },
  'int-out-of-range': { negative: [{ value: '-1', field: 'EdgeResponseBytes' }], tooLarge: [{ value: '18446744073709551616', field: 'EdgeResponseBytes' }] },
  'wrong-scope': { otherScope: [{ name: 'workers_trace_events', scope: 'account', given: 'zone' }] },
  'filter-too-large': {
    overBytes: [{ bytes: 1203, limit: 1000, largest: 'ClientIP in (1.1.1.1, ...', largestBytes: 640, remedy: 'shorten values, or split the job' }],
  },
  'too-many-operators': {
    overOperators: [
      { operators: 52, limit: 50, costliest: 'A eq 1 or B eq 2', criteria: 30, remedy: 'or split the job' },
      { operators: 51, limit: 50, remedy: 'split the job into several, or drop criteria' },
    ],
  },
  'input-too-large': {
    filter: [{ name: 'the filter', size: ' 2 MB', limit: '1 MB', what: 'filter text', shownLimit: '1 MB' }],
    file: [{ name: 'a.lf', size: ' 3 MB', limit: '2 MB', what: 'a filter file', shownLimit: '2 MB' }],
    plan: [{ name: 'plan.json', size: ' 80 MB', limit: '64 MB', what: 'a plan', shownLimit: '64 MB' }],
  },
  'expected-list': {
    scalar: [{ operator: 'in', list: '(a, b)' }],
    joinedValues: [{ operator: 'in', value: '"us,ca"', list: '("us", "ca")' }],
    jsonArray: [
      { operator: 'in', value: 'the string "200,404"', values: '[200,404]', refusedAsString: true },
      { operator: 'in', value: 'the string "us"', values: '["us"]', refusedAsString: false },
    ],
  },
  'expected-scalar': { list: [{ operator: 'eq', into: 'in' }, { operator: 'lt' }], jsonList: [{ operator: 'eq', into: 'in' }, { operator: 'lt' }] },
  'empty-list': { empty: [{ operator: 'in' }], jsonEmpty: [{ operator: 'in', example: '["us", "ca"]' }] },
  'invalid-argument': {
    notText: [{ what: 'the filter text', given: 'a number' }],
    maxDepth: [{ given: '-1', most: 1000, usual: 100 }],
    rulesText: [{ given: 'null' }],
  },
  'too-many-diagnostics': { leftOut: [{ count: 17 }] },
  'internal-error': { crashed: [{ detail: 'boom', input: 'filter' }] },
  'space-in-fields': {
    spaces: [
      { name: ' RayID', trimmed: 'RayID', inText: true },
      { name: ' RayID', trimmed: 'RayID', inText: false },
    ],
  },
  'custom-field-not-configured': { notConfigured: [{ carrier: 'Cookies', what: 'cookie', kind: 'cookie' }] },
  'unknown-option': {
    logpull: [
      { key: 'feilds', guess: GUESS, known: ['fields'] },
      { key: 'zzz', known: ['fields', 'sample'] },
      { key: '', known: ['timestamps'] },
    ],
    output: [
      { key: 'feild_names', guess: GUESS, known: [] },
      { key: 'zzz', known: ['field_names', 'sample_rate'] },
    ],
    notConvertible: [{ key: 'zzz' }, { key: 'feilds', guess: GUESS }],
  },
  'duplicate-option': { twice: [{ key: 'fields', column: 12 }] },
  'empty-option': { empty: [{}] },
  'option-without-value': { noValue: [{ key: 'fields' }, { key: 'CVE-2021-44228' }] },
  'invalid-option-value': {
    oneOf: [
      { option: 'timestamps', allowed: ['rfc3339', 'unix'], shown: "'unixx'", guess: GUESS },
      { option: 'output_type', allowed: ['ndjson', 'csv'], shown: V },
    ],
    trueOrFalse: [{ option: 'CVE-2021-44228', shown: "'yes'" }],
    sample: [{ shown: "'2'" }],
    sampleRate: [{ shown: 'the number 2' }],
    string: [{ option: 'batch_prefix', shown: 'the number 3' }],
  },
  'empty-fields': { fields: [{}], fieldNames: [{}] },
  'empty-field-name': { inFields: [{}], inEntry: [{}] },
  'duplicate-field': { twice: [{ name: 'RayID' }] },
  'custom-field-not-listed': { notListed: [{ what: 'request header', names: ['x-one', 'x-two'], carrier: 'RequestHeaders' }] },
  'wrong-type': {
    rule: [{ value: V }],
    member: [
      { member: 'id', expected: 'string', value: 'the number 1' },
      { member: 'enabled', expected: 'boolean', value: V },
      { member: 'action_parameters', expected: 'object', value: 'an array' },
      { member: 'request_fields', expected: 'fieldEntries', value: 'an object' },
      { member: 'rules', expected: 'rules', value: 'null' },
    ],
    entry: [
      { list: 'cookie_fields', value: 'the string "sid"', asString: 'sid' },
      { list: 'request_fields', value: 'the number 5' },
    ],
  },
  'wrong-action': { notLogCustomField: [{ action: 'log_custom_field', value: 'the string "block"' }] },
  'wrong-expression': { notTrue: [{ value: 'the string "false"' }] },
  'rule-disabled': { disabled: [{}] },
  'no-custom-fields': { none: [{}] },
  'invalid-header-name': {
    notAToken: [
      { name: 'x a', bad: ' ', what: 'header' },
      { name: ' x-a ', bad: ' ', what: 'header', trimmed: 'x-a' },
      { name: 'x-a: 1', bad: ':', what: 'header', alone: 'x-a' },
    ],
  },
  'invalid-cookie-name': {
    notAToken: [
      { name: 's;d', bad: ';', what: 'cookie' },
      { name: 'sid=1', bad: '=', what: 'cookie', alone: 'sid' },
    ],
  },
  'header-not-lower-case': { upperCase: [{ name: 'X-Id', lower: 'x-id' }] },
  'header-not-logged': { notLogged: [{ header: 'range' }] },
  'duplicate-custom-field': { twice: [{ name: 'x-id', list: 'request_fields', earlier: '/0/action_parameters/request_fields/0/name' }] },
  'raw-and-transformed': { both: [{ name: 'x-id', earlier: 'request_fields', list: 'transformed_request_fields' }] },
  'too-many-custom-fields': {
    overLimit: [
      { count: 43, max: 40 },
      { count: 41, max: 40 },
    ],
  },
  'unknown-document': { notRules: [{ value: 'the number 3' }], result: [{ value: 'null' }] },
  'service-error': { answered: [{ code: '10000', message: 'Authentication error' }], failed: [{}] },
  'wrong-phase': { notCustomFields: [{ phase: 'http_log_custom_fields', value: V }] },
  'wrong-kind': { notZone: [{ value: 'the string "root"' }] },
  'duplicate-ruleset': { second: [{ phase: 'http_log_custom_fields', first: '/result/0' }] },
  'missing-member': {
    rule: [{ member: 'action' }, { member: 'expression' }, { member: 'action_parameters' }],
    entryName: [{}],
    destination: [{}],
    criterion: [{ missing: ['operator', 'value'] }],
  },
  'unknown-member': {
    inRule: [
      { what: 'rule', member: 'actoin', guess: GUESS, known: [] },
      { what: 'field entry', member: 'zzz', known: ['name', 'preserve_duplicates'] },
    ],
    inFilter: [{ name: 'where' }, { name: 'keys', guess: GUESS }, { name: 'zzz' }],
    besideWhere: [{ name: 'extra' }],
  },
  'wrong-json-type': {
    member: [
      { member: 'dataset', expected: 'string', value: 'the number 1' },
      { member: 'enabled', expected: 'boolean', value: V },
    ],
    filter: [{ value: 'an object' }],
    outputOptions: [{ value: 'an array' }],
    fieldNames: [{ value: V }],
    fieldName: [{ value: 'the number 7' }],
    criterionMember: [{ name: 'key', what: 'a field name', value: 'the number 3' }],
  },
  'invalid-json': {
    malformed: [{ detail: "expected ',' at 1:5" }],
    notJson: [{ detail: 'unexpected end of input' }],
    empty: [{ what: 'the filter string' }],
    filterSyntax: [
      { what: 'the input', detail: "trailing ',' before ']'" },
      { what: 'the input', detail: 'a member name must be a string' },
      { what: 'the input', detail: 'strings in single quotes' },
      { what: 'the input', detail: 'unexpected end of input' },
      { what: 'the input', detail: "expected ',' or '}'" },
      { what: 'the input', detail: 'bad escape' },
      { what: 'the input', detail: "found 'C'" },
      { what: 'the input', detail: 'something else' },
    ],
  },
  'not-a-filter': { notAnObject: [{ value: 'the number 4' }], noMember: [{}] },
  'no-filter': { job: [{}], list: [{}], hcl: [{}] },
  'several-filters': { several: [{ count: 3, first: '/result/1' }] },
  'missing-where': { bare: [{ wrapped: '{"where":{"key":"A"}}' }, { wrapped: `{"where":{"key":"${'A'.repeat(200)}"}}` }] },
  'expected-object': { node: [{ value: V }] },
  'expected-array': { group: [{ group: 'or', value: 'an object' }] },
  'mixed-group': { andAndOr: [{}] },
  'group-with-criterion': { both: [{ group: 'and', members: ['key', 'value'] }] },
  'empty-node': { empty: [{}] },
  'empty-group': { empty: [{ group: 'and' }] },
  'wrong-value-type': {
    notScalar: [{ value: 'null' }],
    listOfType: [
      { type: 'int', field: 'EdgeResponseStatus', wanted: 'number', value: 'the string "x"', example: '[200,404]' },
      { type: 'string', field: 'ClientCountry', wanted: 'string', value: 'the number 1' },
    ],
    mixedList: [{ field: 'ClientASN' }],
  },
  'argument-is-a-file': { inline: [{ file: 'b.lf', command: 'fmt' }] },
  'not-formatted': {
    notCanonical: [
      { name: 'a.lf', bom: true, crlf: true, textToo: true },
      { bom: false, crlf: true, textToo: false },
      { name: 'b.lf', bom: false, crlf: false, textToo: false },
    ],
    notFormatted: [
      { name: 'a.lf', bom: true, crlf: false, textToo: false },
      { bom: false, crlf: false, textToo: false },
    ],
  },
  'not-a-job': { none: [{}] },
  'deprecated-member': { frequency: [{}] },
  'dataset-disagrees': { job: [{ own: 'dns_logs', given: 'http_requests' }], filterOfJob: [{ own: 'dns_logs', given: 'http_requests' }] },
  'invalid-name': { notAllowed: [{ fixed: 'my-job' }] },
  'name-too-long': { tooLong: [{ length: 600, max: 512 }] },
  'invalid-destination': {
    tooLong: [{ length: 5000, max: 4096 }],
    unknownScheme: [
      { conf: 'ftp://x', scheme: 'ftp', schemes: ['s3', 'r2'] },
      { conf: 'bucket', schemes: ['s3'] },
    ],
  },
  'out-of-range': { uploadLimit: [{ member: 'max_upload_records', low: 1000, high: 1000000, value: 'the number 5' }] },
  'invalid-kind': { notEdge: [{ value: V }], edgeNotHttp: [{ dataset: 'dns_logs' }] },
  'edge-with-limit': { limit: [{ member: 'max_upload_bytes' }] },
  'output-options-win': { both: [{}] },
} satisfies Samples<Table>;

/** How a member of sample data may show in the words: a text as is, a number also with thousands separators, a list by any item. */
function showings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value), value.toLocaleString('en')];
  if (Array.isArray(value)) return value.map(String);
  return undefined;
}

type Template = { message: (d: object) => string; hint?: (d: object) => string | undefined; advice?: (d: object) => object | undefined };

describe('the message table fills its placeholders', () => {
  const table = MESSAGES as unknown as Record<string, Record<string, Template>>;
  const samples = SAMPLES as unknown as Record<string, Record<string, readonly object[]>>;

  it('has sample data for every message of every code, and no other', () => {
    const ids = (byId: Record<string, unknown>) => Object.keys(byId).sort();
    expect(Object.keys(samples).sort()).toEqual(Object.keys(table).sort());
    for (const code of Object.keys(table)) expect(ids(samples[code]), code).toEqual(ids(table[code]));
  });

  for (const [code, byId] of Object.entries(samples)) {
    it(`${code}: every message, hint and advice filled from its data`, () => {
      for (const [id, list] of Object.entries(byId)) {
        const template = table[code][id];
        const unseen = new Set<string>();
        const seen = new Set<string>();
        for (const data of list) {
          const parts = [template.message(data), template.hint?.(data), JSON.stringify(template.advice?.(data) ?? null)];
          for (const part of parts) {
            if (part !== undefined) expect(part, `${code}.${id}`).not.toMatch(/undefined|NaN|\[object |\$\{/);
          }
          expect(template.message(data).length, `${code}.${id} message`).toBeGreaterThan(0);
          const words = parts.join('\n');
          for (const [key, value] of Object.entries(data)) {
            const ways = showings(value);
            if (ways === undefined || ways.length === 0) continue;
            if (ways.some((way) => words.includes(way))) seen.add(key);
            else unseen.add(key);
          }
        }
        expect(
          [...unseen].filter((key) => !seen.has(key)),
          `${code}.${id}: data never shown`,
        ).toEqual([]);
      }
    });
  }
});
