/**
 * One example per diagnostic code where a short input shows it: the filter text (or filter JSON)
 * that triggers the code, and the same input fixed. The documentation site's page of each code and
 * `logfilter explain --code CODE` are made from this table and the diagnostic the example really
 * produces (message, hint, quick fix); test/cli/code-examples.test.ts compiles every example and
 * expects its code, and every fixed input and expects the code gone.
 */
import type { DiagnosticCode } from '@logfilter/core';

export interface CodeExample {
  /** What reads the input: `compile` (filter text) or `decompile` (the service's filter JSON). */
  readonly input: 'filter' | 'json';
  /** The input that triggers the code. */
  readonly example: string;
  /** The input with the problem fixed. */
  readonly fixed: string;
}

const DEEP = 101;

export const CODE_EXAMPLES: Readonly<Partial<Record<DiagnosticCode, CodeExample>>> = {
  'empty-filter': { input: 'filter', example: '# only a comment', fixed: 'ClientCountry eq us' },
  'unexpected-character': { input: 'filter', example: 'BotScore lt 30 & ClientCountry eq us', fixed: 'BotScore lt 30 AND ClientCountry eq us' },
  'unterminated-string': { input: 'filter', example: 'ClientRequestPath eq "/login', fixed: 'ClientRequestPath eq "/login"' },
  'invalid-escape': { input: 'filter', example: 'ClientRequestPath eq "C:\\q"', fixed: 'ClientRequestPath eq "C:\\\\q"' },
  'unexpected-token': {
    input: 'filter',
    example: 'ClientRequestUserAgent contains Mozilla Firefox',
    fixed: 'ClientRequestUserAgent contains "Mozilla Firefox"',
  },
  'expected-field': { input: 'filter', example: 'AND BotScore lt 30', fixed: 'BotScore lt 30' },
  'expected-operator': { input: 'filter', example: 'BotScore', fixed: 'BotScore lt 30' },
  'expected-value': { input: 'filter', example: 'BotScore lt', fixed: 'BotScore lt 30' },
  'unclosed-paren': { input: 'filter', example: '(BotScore lt 30 OR ClientCountry eq us', fixed: '(BotScore lt 30 OR ClientCountry eq us)' },
  'nesting-too-deep': { input: 'filter', example: `${'('.repeat(DEEP)}BotScore lt 30${')'.repeat(DEEP)}`, fixed: 'BotScore lt 30' },
  'unknown-field': { input: 'filter', example: 'ClientCountyr eq us', fixed: 'ClientCountry eq us' },
  'unknown-operator': { input: 'filter', example: 'BotScore neq 30', fixed: 'BotScore !eq 30' },
  'operator-not-allowed': { input: 'filter', example: 'ClientCountry gt us', fixed: 'ClientCountry eq us' },
  'expected-list': { input: 'filter', example: 'ClientCountry in us', fixed: 'ClientCountry in (us)' },
  'expected-scalar': { input: 'filter', example: 'ClientCountry eq (us, ca)', fixed: 'ClientCountry in (us, ca)' },
  'empty-list': { input: 'filter', example: 'ClientCountry in ()', fixed: 'ClientCountry in (us, ca)' },
  'invalid-value': { input: 'filter', example: 'BotScore lt thirty', fixed: 'BotScore lt 30' },
  'quoted-number': { input: 'filter', example: 'BotScore lt "30"', fixed: 'BotScore lt 30' },
  'deprecated-field': { input: 'filter', example: 'WAFFlags eq "1"', fixed: 'SecurityAction eq block' },
  'int-out-of-range': { input: 'filter', example: 'BotScore lt 99999999999999999999', fixed: 'BotScore lt 30' },
  'never-matches': {
    input: 'filter',
    example: 'EdgeResponseStatus geq 500 AND EdgeResponseStatus lt 400',
    fixed: 'EdgeResponseStatus geq 500 OR EdgeResponseStatus lt 400',
  },
  'value-case': { input: 'filter', example: 'ClientCountry eq US', fixed: 'ClientCountry eq us' },
  'not-a-timestamp': { input: 'filter', example: 'EdgeStartTimestamp eq "yesterday"', fixed: 'EdgeStartTimestamp eq "2024-01-01T00:00:00Z"' },
  'invalid-json': { input: 'json', example: '{"where": {"key": "BotScore"', fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}' },
  'missing-member': {
    input: 'json',
    example: '{"where": {"operator": "lt", "value": "30"}}',
    fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}',
  },
  'unknown-member': {
    input: 'json',
    example: '{"where": {"key": "BotScore", "operator": "lt", "value": "30", "note": "bots"}}',
    fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}',
  },
  'not-a-filter': { input: 'json', example: '{"filter_text": "BotScore lt 30"}', fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}' },
  'expected-object': { input: 'json', example: '{"where": []}', fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}' },
  'mixed-group': {
    input: 'json',
    example: '{"where": {"and": [{"key": "BotScore", "operator": "lt", "value": "30"}], "or": [{"key": "ClientCountry", "operator": "eq", "value": "us"}]}}',
    fixed: '{"where": {"and": [{"key": "BotScore", "operator": "lt", "value": "30"}, {"or": [{"key": "ClientCountry", "operator": "eq", "value": "us"}]}]}}',
  },
  'group-with-criterion': {
    input: 'json',
    example: '{"where": {"and": [{"key": "BotScore", "operator": "lt", "value": "30"}], "key": "ClientCountry", "operator": "eq", "value": "us"}}',
    fixed: '{"where": {"and": [{"key": "BotScore", "operator": "lt", "value": "30"}, {"key": "ClientCountry", "operator": "eq", "value": "us"}]}}',
  },
  'empty-node': { input: 'json', example: '{"where": {}}', fixed: '{"where": {"key": "BotScore", "operator": "lt", "value": "30"}}' },
  'empty-group': { input: 'json', example: '{"where": {"and": []}}', fixed: '{"where": {"and": [{"key": "BotScore", "operator": "lt", "value": "30"}]}}' },
  'wrong-json-type': {
    input: 'json',
    example: '{"where": {"key": 1, "operator": "eq", "value": "us"}}',
    fixed: '{"where": {"key": "ClientCountry", "operator": "eq", "value": "us"}}',
  },
};
