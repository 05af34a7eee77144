/**
 * The command line is input too: any line of words (commands, options, their values, files of
 * every kind, garbage) gets an answer, exit 0, 1 or 2, and never a stack trace or an internal
 * error. Run in this process through `main`; commands that reach the network, wait for input or
 * write files (`jobs`, `custom-fields`, `emulator`, `lsp`, `fmt --write`) and the solver (`diff`,
 * `--deep`) are left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('argv-fuzz');
const FILES = [
  files.file('filter.lf', 'ClientCountry eq us\n'),
  files.file('filter.json', '{"where":{"key":"BotScore","operator":"lt","value":"30"}}'),
  files.file(
    'main.tf',
    'resource "cloudflare_logpush_job" "a" {\n  dataset = "http_requests"\n  filter = jsonencode({where = {key = "BotScore", operator = "lt", value = 30}})\n}\n',
  ),
  files.file('empty.lf', ''),
  files.file('binary.lf', '\u0000\u00ff garbage'),
  files.file('logs.ndjson', '{"BotScore":10,"ClientCountry":"us"}\n{"BotScore":50}\nnot json\n'),
  files.file('plan.json', '{}'),
  `${files.dir}/missing.lf`,
  files.dir,
];
const VALUES = [
  ...FILES,
  'ClientCountry eq us',
  'BotScore lt 30 and',
  '{"where":{"key":"BotScore","operator":"lt","value":"30"}}',
  '{"where":{}}',
  '',
  '(',
  '-',
  '--',
  '1',
  '-1',
  '99999999999999999999',
  'NaN',
  'json',
  'pretty',
  'hcl',
  'sarif',
  'github',
  'typed',
  'zone',
  'account',
  'http_requests',
  'dns_logs',
  'clickhouse',
  'duckdb',
  'unknown-field',
  'x'.repeat(300),
];
const OPTIONS = [
  '-o',
  '-f',
  '-d',
  '--scope',
  '--values',
  '--no-optimize',
  '--no-lint',
  '--max-bytes',
  '--max-operators',
  '--json',
  '--max-warnings',
  '--error-on-warnings',
  '--from-json',
  '--terraform',
  '--terraform-plan',
  '--budget',
  '--timeout',
  '--format',
  '--check',
  '--logs',
  '--count',
  '--invert',
  '--threads',
  '--engine',
  '--dialect',
  '--json-column',
  '--table',
  '--code',
  '--catalog',
  '--no-color',
  '--help',
  '--version',
  '--bogus',
];
const COMMANDS = ['compile', 'check', 'decompile', 'fmt', 'test', 'sql', 'explain', 'operators', 'fields', 'datasets', 'help', 'nope'];
const line = fc.tuple(
  fc.constantFrom(...COMMANDS),
  fc.array(fc.oneof(fc.constantFrom(...OPTIONS), fc.constantFrom(...VALUES), fc.string({ maxLength: 8 })), { maxLength: 7 }),
);

describe('any command line', () => {
  it('is answered with exit 0, 1 or 2, and never a stack trace or an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(line, async ([command, words]) => {
        const args = [command, ...words];
        const { code, stdout, stderr } = await runCli(args, { input: 'ClientCountry eq us\n' });
        const shown = `logfilter ${JSON.stringify(args)} -> ${code}\n${(stdout + stderr).slice(0, 400)}`;
        expect([0, 1, 2], shown).toContain(code);
        expect(stdout + stderr, shown).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
        expect(stdout + stderr, shown).not.toMatch(/error\[internal-error\]|"code":"internal-error"|logfilter: internal error|TypeError|ReferenceError/);
      }),
      { numRuns: 1500 },
    );
  });
});
