/**
 * One example per diagnostic code, as a user meets it, and the same fixed: a filter text or filter
 * JSON (compiled or decompiled); else a command with the files it reads (a job, custom-field rules,
 * a .tf file, an editor's session with the language server), run against the service (the emulator)
 * when it talks to one; else a program using @logfilter/api, for the one code only a library
 * reports. The two codes no input produces say why instead. The documentation site's page of each
 * code and `logfilter explain --code CODE` are made from this table and what the example really
 * reports; test/cli/code-examples.test.ts runs every example and expects its code, and every fix
 * and expects the code gone.
 */
import { createClient, updateJob, ValidationError } from '@logfilter/api';
import type { Diagnostic, DiagnosticCode } from '@logfilter/core';

/** A filter text (read by `compile`) or the service's filter JSON (read by `decompile`). */
export interface TextExample {
  /** What reads the input: `compile` (filter text) or `decompile` (the service's filter JSON). */
  readonly input: 'filter' | 'json';
  /** The input that triggers the code. */
  readonly example: string;
  /** The input with the problem fixed. */
  readonly fixed: string;
}

/** One run of `logfilter`: the files it reads, its command line, its standard input. */
export interface CommandRun {
  /** The command line after `logfilter`. */
  readonly args: readonly string[];
  /** Files in the working folder, by relative path. */
  readonly files?: Readonly<Record<string, string>>;
  readonly stdin?: string;
  /** What the page says of standard input when it is too long to show (a language server session). */
  readonly stdinShown?: string;
  /** Standard input stays open until the output holds this (a language server answers while its client is there). */
  readonly stdinOpenUntil?: string;
  /** Environment variables the run sets (beside the service's address and token, for a service example). */
  readonly env?: Readonly<Record<string, string>>;
  /** Commands run before it against the same service, each expected to succeed (they set the scene). */
  readonly before?: readonly (readonly string[])[];
}

/**
 * A command a user runs, with its files (a job, custom-field rules, a .tf file, a plan), for codes a
 * filter alone does not show. `fixed` is what changes to fix it (files merged over the example's).
 */
export interface CommandExample extends CommandRun {
  readonly input: 'command';
  /** Runs against the service: the example starts the emulator (`logfilter emulator`) and points the command at it. */
  readonly service?: boolean;
  readonly fixed: Partial<CommandRun>;
}

/** The run of `example` as written (`example`), or with its fix applied (`fixed`). */
export function commandRunOf(example: CommandExample, which: 'example' | 'fixed'): CommandRun {
  if (which === 'example') return example;
  return { ...example, ...example.fixed, files: { ...example.files, ...example.fixed.files } };
}

/** A code no input a user gives can produce, and why: its page says so instead of showing an example. */
export interface NoExample {
  readonly input: 'none';
  readonly reason: string;
}

/** The service a library example talks to (the emulator, started for it). */
interface ExampleService {
  readonly baseUrl: string;
  readonly token: string;
}

/**
 * A program using a library (@logfilter/api), for a code only a library reports. `source` is what
 * the page shows; `run` does the same against the service and gives the codes it was told of.
 */
export interface LibraryExample {
  readonly input: 'library';
  readonly source: string;
  readonly fixedSource: string;
  readonly run: (which: 'example' | 'fixed', service: ExampleService) => Promise<readonly Diagnostic[]>;
}

export type CodeExample = TextExample | CommandExample | LibraryExample | NoExample;

const DEEP = 101;
/** The zone the examples that talk to the service name (the emulator takes any zone id). */
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const DESTINATION = 's3://logs-bucket/http?region=us-east-1';

export type CodeExamples = Readonly<Partial<Record<DiagnosticCode, CodeExample>>>;

let built: CodeExamples | undefined;

/**
 * The table, built the first time it is asked for: some examples are generated inputs of hundreds of
 * kilobytes (an input over its limit), which no other command should pay for at start-up.
 */
export function codeExamples(): CodeExamples {
  built ??= examples();
  return built;
}

const examples = (): CodeExamples => ({
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
  'not-a-wildcard': { input: 'filter', example: 'ClientRequestHost eq *.example.com', fixed: 'ClientRequestHost endsWith .example.com' },
  'not-an-address': { input: 'filter', example: 'ClientIP in (203.0.113.0/24)', fixed: 'ClientIP startsWith 203.0.113.' },
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
  'quoted-boolean': { input: 'filter', example: 'CacheReserveUsed eq "true"', fixed: 'CacheReserveUsed eq true' },
  'deprecated-operator': { input: 'filter', example: 'BotScore lte 10', fixed: 'BotScore leq 10' },
  'always-matches': {
    input: 'filter',
    example: 'ClientCountry eq us OR ClientCountry !eq us',
    fixed: 'ClientCountry eq us',
  },
  'no-filter': {
    input: 'json',
    example: '{"id": 7, "name": "all", "dataset": "http_requests", "filter": ""}',
    fixed:
      '{"id": 7, "name": "bots", "dataset": "http_requests", "filter": "{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"}',
  },
  'several-filters': {
    input: 'json',
    example: `{"success": true, "errors": [], "result": [
  {"id": 1, "name": "us", "filter": "{\\"where\\":{\\"key\\":\\"ClientCountry\\",\\"operator\\":\\"eq\\",\\"value\\":\\"us\\"}}"},
  {"id": 2, "name": "bots", "filter": "{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"}
]}`,
    fixed: '{"id": 2, "name": "bots", "filter": "{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"}',
  },
  'missing-where': {
    input: 'json',
    example: '{"key": "ClientCountry", "operator": "eq", "value": "us"}',
    fixed: '{"where": {"key": "ClientCountry", "operator": "eq", "value": "us"}}',
  },
  'expected-array': {
    input: 'json',
    example: '{"where": {"or": {"key": "ClientCountry", "operator": "eq", "value": "us"}}}',
    fixed: '{"where": {"or": [{"key": "ClientCountry", "operator": "eq", "value": "us"}]}}',
  },
  'wrong-value-type': {
    input: 'json',
    example: '{"where": {"key": "ClientCountry", "operator": "eq", "value": null}}',
    fixed: '{"where": {"key": "ClientCountry", "operator": "eq", "value": "us"}}',
  },

  // Options and inputs of the commands.
  'unknown-dataset': {
    input: 'command',
    args: ['check', '--json', '--dataset', 'http_request', 'BotScore lt 30'],
    fixed: { args: ['check', '--json', '--dataset', 'http_requests', 'BotScore lt 30'] },
  },
  'field-not-filterable': {
    input: 'command',
    args: ['check', '--dataset', 'firewall_events', 'Action eq block'],
    fixed: { args: ['check', '--dataset', 'firewall_events', 'SecurityAction eq block'] },
  },
  redundant: {
    input: 'command',
    args: ['check', '--deep', 'BotScore lt 30 OR BotScore lt 20'],
    fixed: { args: ['check', '--deep', 'BotScore lt 30'] },
  },
  'filter-too-large': {
    input: 'command',
    args: ['check', '--max-bytes', '150', '-f', 'paths.lf'],
    files: { 'paths.lf': 'ClientRequestPath in ("/checkout/cart", "/checkout/payment", "/checkout/shipping", "/checkout/review", "/checkout/done")\n' },
    fixed: { files: { 'paths.lf': 'ClientRequestPath starts_with "/checkout/"\n' } },
  },
  'too-many-operators': {
    input: 'command',
    args: ['check', '--max-operators', '2', 'BotScore lt 30 AND ClientCountry eq us AND EdgeResponseStatus eq 403'],
    fixed: { args: ['check', '--max-operators', '2', 'BotScore lt 30 AND ClientCountry eq us'] },
  },
  'wrong-scope': {
    input: 'command',
    args: ['jobs', 'check', '--scope', 'zone', 'audit-job.json'],
    files: { 'audit-job.json': `{"name": "audit", "dataset": "audit_logs", "destination_conf": "${DESTINATION}"}\n` },
    fixed: { args: ['jobs', 'check', '--scope', 'account', 'audit-job.json'] },
  },
  'argument-is-a-file': {
    input: 'command',
    args: ['check', 'bots.lf'],
    files: { 'bots.lf': 'BotScore lt 30\n' },
    fixed: { args: ['check', '-f', 'bots.lf'] },
  },
  'invalid-argument': {
    input: 'command',
    args: ['explain', '--json', '--code', 'expected-list', 'ClientCountry in us'],
    fixed: { args: ['explain', '--json', '--code', 'expected-list'] },
  },
  'input-too-large': {
    input: 'command',
    args: ['check', '--json', '-f', 'blocked-ips.lf'],
    files: { 'blocked-ips.lf': `ClientIP in (${ipList(30_000)})\n` },
    fixed: { files: { 'blocked-ips.lf': 'ClientIP startsWith 203.0.113. OR ClientIP startsWith 198.51.100.\n' } },
  },
  'too-many-diagnostics': {
    input: 'command',
    args: ['check', '-f', 'countries.lf'],
    files: { 'countries.lf': countryFilter('ClientCountyr', 105) },
    fixed: { files: { 'countries.lf': countryFilter('ClientCountry', 105) } },
  },

  // fmt and Terraform.
  'not-formatted': {
    input: 'command',
    args: ['fmt', '--check', '--format', 'github', 'bots.lf'],
    files: { 'bots.lf': 'botscore  LT 30\n' },
    fixed: { files: { 'bots.lf': 'BotScore lt 30\n' } },
  },
  'invalid-hcl': {
    input: 'command',
    args: ['check', '--terraform', 'main.tf'],
    files: { 'main.tf': logpushResource('jsonencode({ where = { key = "BotScore", operator = "lt", value = "30" } }') },
    fixed: { files: { 'main.tf': logpushResource('jsonencode({ where = { key = "BotScore", operator = "lt", value = "30" } })') } },
  },
  'not-checked': {
    input: 'command',
    args: ['check', '--terraform', 'main.tf'],
    files: { 'main.tf': logpushResource('var.bot_filter') },
    fixed: { files: { 'main.tf': logpushResource('jsonencode({ where = { key = "BotScore", operator = "lt", value = "30" } })') } },
  },

  // Jobs: jobs check reads a job before it is sent.
  'not-a-job': {
    input: 'command',
    args: ['jobs', 'check', 'jobs.json'],
    files: { 'jobs.json': answer([]) },
    fixed: { files: { 'jobs.json': job({ name: 'http' }) } },
  },
  'deprecated-member': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', frequency: 'low' }) },
    fixed: { files: { 'job.json': job({ name: 'http', max_upload_interval_seconds: 300 }) } },
  },
  'dataset-disagrees': {
    input: 'command',
    args: ['jobs', 'check', '--dataset', 'dns_logs', 'job.json'],
    files: { 'job.json': job({ name: 'http' }) },
    fixed: { args: ['jobs', 'check', 'job.json'] },
  },
  'invalid-name': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http logs' }) },
    fixed: { files: { 'job.json': job({ name: 'http-logs' }) } },
  },
  'name-too-long': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: `http-requests-${'of-the-shop-'.repeat(45)}eu` }) },
    fixed: { files: { 'job.json': job({ name: 'http-requests-shop-eu' }) } },
  },
  'invalid-destination': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', destination_conf: 'logs-bucket/http' }) },
    fixed: { files: { 'job.json': job({ name: 'http' }) } },
  },
  'out-of-range': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', max_upload_records: 10 }) },
    fixed: { files: { 'job.json': job({ name: 'http', max_upload_records: 1000 }) } },
  },
  'invalid-kind': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', kind: 'instant-logs' }) },
    fixed: { files: { 'job.json': job({ name: 'http', kind: 'edge' }) } },
  },
  'edge-with-limit': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', kind: 'edge', max_upload_records: 5000 }) },
    fixed: { files: { 'job.json': job({ name: 'http', kind: 'edge' }) } },
  },
  'output-options-win': {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', output_options: { field_names: ['RayID', 'ClientIP'] }, logpull_options: 'fields=RayID,ClientIP' }) },
    fixed: { files: { 'job.json': job({ name: 'http', output_options: { field_names: ['RayID', 'ClientIP'] } }) } },
  },

  // Job options: the logpull_options string and output_options of a job.
  'unknown-option': optionsExample('fields=RayID&timestamp=unix', 'fields=RayID&timestamps=unix'),
  'duplicate-option': optionsExample('fields=RayID&timestamps=unix&timestamps=rfc3339', 'fields=RayID&timestamps=rfc3339'),
  'empty-option': optionsExample('fields=RayID&&timestamps=unix', 'fields=RayID&timestamps=unix'),
  'invalid-option-value': optionsExample('fields=RayID&timestamps=rfc339', 'fields=RayID&timestamps=rfc3339'),
  'empty-fields': optionsExample('fields=&timestamps=unix', 'fields=RayID,ClientIP&timestamps=unix'),
  'duplicate-field': optionsExample('fields=RayID,ClientIP,RayID', 'fields=RayID,ClientIP'),
  'space-in-fields': optionsExample('fields=RayID, ClientIP', 'fields=RayID,ClientIP'),
  'option-without-value': optionsExample('fields=RayID&CVE-2021-44228', 'fields=RayID&CVE-2021-44228=true'),
  'custom-field-not-listed': {
    input: 'command',
    service: true,
    before: [['custom-fields', 'set', '--zone', ZONE, '--request', 'user-agent']],
    args: ['jobs', 'create', '--zone', ZONE, '--name', 'http', '--destination', DESTINATION, '--fields', 'RayID,ClientIP'],
    fixed: { args: ['jobs', 'create', '--zone', ZONE, '--name', 'http', '--destination', DESTINATION, '--fields', 'RayID,ClientIP,RequestHeaders'] },
  },
  'custom-field-not-configured': {
    input: 'command',
    service: true,
    before: [['custom-fields', 'set', '--zone', ZONE, '--request', 'user-agent']],
    args: ['jobs', 'create', '--zone', ZONE, '--name', 'http', '--destination', DESTINATION, '--fields', 'RayID,RequestHeaders,ResponseHeaders'],
    fixed: { args: ['jobs', 'create', '--zone', ZONE, '--name', 'http', '--destination', DESTINATION, '--fields', 'RayID,RequestHeaders'] },
  },

  // Custom fields: custom-fields check reads rules before they are sent.
  'wrong-type': rulesExample({ request_fields: ['user-agent'] }, { request_fields: [{ name: 'user-agent' }] }),
  'no-custom-fields': rulesExample({}, { request_fields: [{ name: 'user-agent' }] }),
  'raw-and-transformed': rulesExample(
    { request_fields: [{ name: 'referer' }], transformed_request_fields: [{ name: 'referer' }] },
    { request_fields: [{ name: 'referer' }] },
  ),
  'header-not-logged': rulesExample({ request_fields: [{ name: 'range' }, { name: 'accept' }] }, { request_fields: [{ name: 'accept' }] }),
  'duplicate-custom-field': rulesExample(
    { request_fields: [{ name: 'accept' }, { name: 'user-agent' }, { name: 'accept' }] },
    { request_fields: [{ name: 'accept' }, { name: 'user-agent' }] },
  ),
  'empty-field-name': rulesExample({ request_fields: [{ name: 'accept' }, { name: '' }] }, { request_fields: [{ name: 'accept' }] }),
  'invalid-header-name': rulesExample({ request_fields: [{ name: 'x-client: id' }] }, { request_fields: [{ name: 'x-client' }] }),
  'invalid-cookie-name': rulesExample({ cookie_fields: [{ name: 'session=abc' }] }, { cookie_fields: [{ name: 'session' }] }),
  'header-not-lower-case': rulesExample({ request_fields: [{ name: 'User-Agent' }] }, { request_fields: [{ name: 'user-agent' }] }),
  'wrong-action': {
    input: 'command',
    args: ['custom-fields', 'check', 'rules.json'],
    files: { 'rules.json': rules([{ ...customFieldRule({ request_fields: [{ name: 'user-agent' }] }), action: 'log' }]) },
    fixed: { files: { 'rules.json': rules([customFieldRule({ request_fields: [{ name: 'user-agent' }] })]) } },
  },
  'wrong-expression': {
    input: 'command',
    args: ['custom-fields', 'check', 'rules.json'],
    files: { 'rules.json': rules([{ ...customFieldRule({ request_fields: [{ name: 'user-agent' }] }), expression: 'http.host eq "shop.example.com"' }]) },
    fixed: { files: { 'rules.json': rules([customFieldRule({ request_fields: [{ name: 'user-agent' }] })]) } },
  },
  'rule-disabled': {
    input: 'command',
    args: ['custom-fields', 'check', 'rules.json'],
    files: { 'rules.json': rules([{ ...customFieldRule({ request_fields: [{ name: 'user-agent' }] }), enabled: false }]) },
    fixed: { files: { 'rules.json': rules([{ ...customFieldRule({ request_fields: [{ name: 'user-agent' }] }), enabled: true }]) } },
  },
  'too-many-custom-fields': {
    input: 'command',
    args: ['custom-fields', 'check', '--max-fields', '2', 'rules.json'],
    files: { 'rules.json': rules([customFieldRule({ request_fields: [{ name: 'accept' }, { name: 'referer' }, { name: 'user-agent' }] })]) },
    fixed: { files: { 'rules.json': rules([customFieldRule({ request_fields: [{ name: 'referer' }, { name: 'user-agent' }] })]) } },
  },
  'unknown-document': {
    input: 'command',
    args: ['custom-fields', 'check', 'rules.json'],
    files: { 'rules.json': '"user-agent, referer"\n' },
    fixed: { files: { 'rules.json': rules([customFieldRule({ request_fields: [{ name: 'user-agent' }, { name: 'referer' }] })]) } },
  },
  'wrong-phase': {
    input: 'command',
    args: ['custom-fields', 'check', 'ruleset.json'],
    files: { 'ruleset.json': ruleset('http_request_firewall_custom') },
    fixed: { files: { 'ruleset.json': ruleset('http_log_custom_fields') } },
  },
  'wrong-kind': {
    input: 'command',
    args: ['custom-fields', 'check', 'ruleset.json'],
    files: { 'ruleset.json': ruleset('http_log_custom_fields', 'custom') },
    fixed: { files: { 'ruleset.json': ruleset('http_log_custom_fields') } },
  },
  'duplicate-ruleset': {
    input: 'command',
    args: ['custom-fields', 'check', 'rulesets.json'],
    files: {
      'rulesets.json': answer([rulesetOf('http_log_custom_fields', 'zone', 'a1'), rulesetOf('http_log_custom_fields', 'zone', 'b2')]),
    },
    fixed: {
      files: {
        'rulesets.json': answer([rulesetOf('http_log_custom_fields', 'zone', 'a1')]),
      },
    },
  },
  'service-error': {
    input: 'command',
    args: ['custom-fields', 'check', 'answer.json'],
    files: { 'answer.json': '{"success": false, "result": null, "errors": [{"code": 10000, "message": "Authentication error"}], "messages": []}\n' },
    fixed: { files: { 'answer.json': answer(rulesetOf('http_log_custom_fields')) } },
  },

  // @logfilter/api.
  'fixed-member': {
    input: 'library',
    source: `import { createClient, updateJob } from '@logfilter/api';

const client = createClient({ credentials: { token: process.env.CLOUDFLARE_API_TOKEN } });
// Job 1 of the zone delivers http_requests; the DNS logs should go to the same bucket.
await updateJob(client.jobs, '${ZONE}', 1, { dataset: 'dns_logs' });`,
    fixedSource: `import { createClient } from '@logfilter/api';

const client = createClient({ credentials: { token: process.env.CLOUDFLARE_API_TOKEN } });
await client.jobs.create('${ZONE}', { name: 'dns', dataset: 'dns_logs', destination_conf: '${DESTINATION}' });
await client.jobs.delete('${ZONE}', 1);`,
    run: async (which, service) => {
      const client = createClient({ baseUrl: service.baseUrl, credentials: { token: service.token }, env: {} });
      // The scene: the zone's job 1, of http_requests.
      await client.jobs.create(ZONE, { name: 'http', dataset: 'http_requests', destination_conf: DESTINATION });
      try {
        if (which === 'example') await updateJob(client.jobs, ZONE, 1, { dataset: 'dns_logs' });
        else {
          await client.jobs.create(ZONE, { name: 'dns', dataset: 'dns_logs', destination_conf: DESTINATION });
          await client.jobs.delete(ZONE, 1);
        }
        return [];
      } catch (error) {
        if (error instanceof ValidationError) return error.diagnostics;
        throw error;
      }
    },
  },

  // The language server.
  'document-too-large': {
    input: 'command',
    args: ['lsp'],
    stdin: lspSession('blocked-ips.lf', `ClientIP in (${ipList(30_000)})\n`),
    stdinShown: 'an editor opens blocked-ips.lf: one filter of 30,000 addresses (about 420 KB)',
    stdinOpenUntil: 'textDocument/publishDiagnostics',
    fixed: {
      stdin: lspSession('blocked-ips.lf', 'ClientIP startsWith 203.0.113. OR ClientIP startsWith 198.51.100.\n'),
      stdinShown: 'the editor opens blocked-ips.lf with the two networks, as the leading text of their addresses',
      stdinOpenUntil: 'textDocument/publishDiagnostics',
    },
  },

  // Codes no input produces.
  'internal-error': {
    input: 'none',
    reason:
      'It reports a bug: an exception inside logfilter that no input is meant to cause (the CLI exits 70). Reporting the input that caused it as a bug is the fix.',
  },
  'invalid-rule': {
    input: 'none',
    reason:
      "The emulator (logfilter emulator) uses it inside, to refuse a rule of a phase other than custom fields that has no action or expression; it answers such a request as the service does, with the service's error 20200, so no report of logfilter carries this code.",
  },
});

/** A logpush job as a job file holds it (2-space JSON), with `members` over a zone job of http_requests. */
function job(members: Record<string, unknown>): string {
  return `${JSON.stringify({ dataset: 'http_requests', destination_conf: DESTINATION, ...members }, null, 2)}\n`;
}

/** A job whose logpull_options is `options`, checked by `jobs check`; fixed by `fixedOptions`. */
function optionsExample(options: string, fixedOptions: string): CommandExample {
  return {
    input: 'command',
    args: ['jobs', 'check', 'job.json'],
    files: { 'job.json': job({ name: 'http', logpull_options: options }) },
    fixed: { files: { 'job.json': job({ name: 'http', logpull_options: fixedOptions }) } },
  };
}

function customFieldRule(parameters: Record<string, unknown>): Record<string, unknown> {
  return { action: 'log_custom_field', expression: 'true', description: 'custom log fields', action_parameters: parameters };
}

/** A rules array as a file holds it. */
function rules(list: readonly Record<string, unknown>[]): string {
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** A rule with these action_parameters, checked by `custom-fields check`; fixed by `fixedParameters`. */
function rulesExample(parameters: Record<string, unknown>, fixedParameters: Record<string, unknown>): CommandExample {
  return {
    input: 'command',
    args: ['custom-fields', 'check', 'rules.json'],
    files: { 'rules.json': rules([customFieldRule(parameters)]) },
    fixed: { files: { 'rules.json': rules([customFieldRule(fixedParameters)]) } },
  };
}

/** A ruleset of `phase` (of `kind`) with one custom-field rule, as a file saved from the service holds it. */
function ruleset(phase: string, kind = 'zone'): string {
  return `${JSON.stringify(rulesetOf(phase, kind), null, 2)}\n`;
}

/** The ruleset itself: `id` tells two apart. */
function rulesetOf(phase: string, kind = 'zone', id = '2f2feab2026849078ba485f918791bdc'): Record<string, unknown> {
  const rule = { id: `${id}-rule`, ...customFieldRule({ request_fields: [{ name: 'user-agent' }] }), enabled: true };
  return { id, name: 'Zone-level phase entry point', kind, phase, version: '2', rules: [rule] };
}

/** A successful answer of the service holding `result`, as a file saved from it holds it. */
function answer(result: unknown): string {
  return `${JSON.stringify({ success: true, errors: [], messages: [], result }, null, 2)}\n`;
}

/** A .tf file with a logpush job whose filter is `filter` (an HCL expression). */
function logpushResource(filter: string): string {
  return `resource "cloudflare_logpush_job" "http" {
  zone_id          = var.zone_id
  name             = "http"
  dataset          = "http_requests"
  destination_conf = "${DESTINATION}"
  filter           = ${filter}
}
`;
}

/** `count` addresses of 10.0.0.0/8, comma-separated: an export of a block list. */
function ipList(count: number): string {
  return Array.from({ length: count }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`).join(', ');
}

/** A filter a script wrote: one criterion per country on `field`, joined by OR, one a line. */
function countryFilter(field: string, count: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const codes = Array.from({ length: count }, (_, i) => `${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`);
  return `${codes.map((code) => `${field} eq ${code}`).join(' OR\n')}\n`;
}

/** What an editor sends the language server to open `name` holding `text`: initialize, then didOpen (framed as LSP frames messages). */
function lspSession(name: string, text: string): string {
  const messages = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } },
    { jsonrpc: '2.0', method: 'initialized', params: {} },
    { jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: `file:///work/${name}`, languageId: 'logfilter', version: 1, text } } },
  ];
  return messages
    .map((message) => {
      const body = JSON.stringify(message);
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    })
    .join('');
}
