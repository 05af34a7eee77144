/**
 * Every command's `--json` answers with exactly one JSON value on stdout, the envelope of
 * packages/cli/schema/envelope.schema.json, on an input with errors and on one without.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli, tempFiles } from '../support/cli.js';
import { cliEnv, emulator, ZONE } from '../support/emulator.js';

const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'schema', 'envelope.schema.json'), 'utf8')) as object;
const validate = new Ajv2020.default({ allErrors: true, strict: false }).compile(schema);
const files = tempFiles('envelope');

const JOB = JSON.stringify({ dataset: 'dns_logs', filter: JSON.stringify({ where: { key: 'QueryName', operator: 'eq', value: 'example.com' } }) });
const FILTER_JSON = '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}';

/** [name, arguments with an input that fails, arguments with an input that passes]. */
const RUNS: ReadonlyArray<readonly [string, () => string[], () => string[]]> = [
  ['compile', () => ['compile', 'NoSuchField eq 1'], () => ['compile', 'ClientCountry eq us']],
  ['check', () => ['check', 'ClientCountry eq'], () => ['check', 'ClientCountry eq us']],
  [
    'check (several files)',
    () => ['check', files.file('bad.lf', 'NoSuchField eq 1\n'), files.file('good.lf', 'ClientCountry eq us\n')],
    () => ['check', files.file('good1.lf', 'ClientCountry eq us\n'), files.file('good2.lf', 'ClientCountry eq fr\n')],
  ],
  ['check --from-json', () => ['check', '--from-json', '{"where":'], () => ['check', '--from-json', FILTER_JSON]],
  ['check --terraform', () => ['check', '--terraform', join(files.dir, 'missing.tf')], () => ['check', '--terraform', files.file('none.tf', '# no jobs\n')]],
  ['check --format json', () => ['check', 'ClientCountry eq', '--format', 'json'], () => ['check', 'ClientCountry eq us', '--format', 'json']],
  ['decompile', () => ['decompile', '{"where":'], () => ['decompile', JOB]],
  ['fmt', () => ['fmt', '--check', 'ClientCountry eq'], () => ['fmt', '--check', 'ClientCountry eq us']],
  ['explain', () => ['explain', 'NoSuchField eq 1'], () => ['explain', 'ClientCountry eq us']],
  ['sql', () => ['sql', '--dialect', 'duckdb', 'NoSuchField eq 1'], () => ['sql', '--dialect', 'duckdb', 'ClientCountry eq us']],
  ['diff', () => ['diff', 'NoSuchField eq 1', 'ClientCountry eq us'], () => ['diff', 'ClientCountry eq us', 'ClientCountry in (us)']],
  [
    'diff (Terraform)',
    () => {
      const broken = files.file(
        'broken.tf',
        'resource "cloudflare_logpush_job" "a" {\n  zone_id = "z"\n  dataset = "http_requests"\n  filter  = "{\\"where\\":1}"\n}\n',
      );
      return ['diff', broken, broken];
    },
    () => ['diff', 'test/terraform/fixtures/diff-plan-new.json', 'test/terraform/fixtures/diff-plan-new.json'],
  ],
  ['operators', () => ['operators', '--no-such-option'], () => ['operators']],
  ['datasets', () => ['datasets', '--no-such-option'], () => ['datasets']],
  ['fields', () => ['fields', 'no_such_dataset'], () => ['fields', 'dns_logs']],
  ['jobs list', () => ['jobs', 'list'], undefined as never],
  [
    'jobs overlap',
    () => [
      'jobs',
      'overlap',
      '--file',
      files.file(
        'jobs.json',
        '[{"id":1,"dataset":"http_requests","filter":"{\\"where\\":1}","destination_conf":"s3://a"},{"id":2,"dataset":"http_requests","filter":"","destination_conf":"s3://a"}]',
      ),
    ],
    undefined as never,
  ],
  ['jobs check', () => ['jobs', 'check', join(files.dir, 'missing.json')], undefined as never],
  ['custom-fields get', () => ['custom-fields', 'get'], undefined as never],
  ['tail', () => ['tail', 'NoSuchField eq 1', '--zone', 'z'], undefined as never],
];

function envelopeOf(stdout: string): Record<string, unknown> {
  // Exactly one JSON value, on one line.
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  const value = JSON.parse(stdout) as Record<string, unknown>;
  const valid = validate(value);
  expect(valid ? [] : validate.errors).toEqual([]);
  return value;
}

describe('the --json envelope', () => {
  for (const [name, failing, passing] of RUNS) {
    it(`${name}: an input with errors answers with one envelope, ok false`, async () => {
      const args = failing();
      const run = await runCli(args.includes('--format') ? args : [...args, '--json']);
      expect(run.code).not.toBe(0);
      const answer = envelopeOf(run.stdout);
      expect(answer).toMatchObject({ ok: false, exitCode: run.code });
      expect((answer.diagnostics as unknown[]).length).toBeGreaterThan(0);
    });
    if (passing)
      it(`${name}: an input without errors answers with one envelope, ok true`, async () => {
        const args = passing();
        const run = await runCli(args.includes('--format') ? args : [...args, '--json']);
        const answer = envelopeOf(run.stdout);
        expect(answer).toMatchObject({ ok: true, exitCode: run.code });
      });
  }

  it.each([
    ['jobs list', ['jobs', 'list', '--zone', ZONE]],
    ['jobs get (an error from the service)', ['jobs', 'get', '--zone', ZONE, '--id', '999']],
    ['custom-fields get', ['custom-fields', 'get', '--zone', ZONE]],
    ['tail --dry-run', ['tail', '--zone', ZONE, 'ClientCountry eq us', '--dry-run']],
    ['jobs overlap', ['jobs', 'overlap', '--zone', ZONE]],
  ])('%s against the emulator answers with one envelope', async (_name, args) => {
    const run = await runCli([...args, '--json'], { env: cliEnv(await emulator()) });
    const answer = envelopeOf(run.stdout);
    expect(answer).toMatchObject({
      command: args.slice(0, args[0] === 'jobs' || args[0] === 'custom-fields' ? 2 : 1).join(' '),
      exitCode: run.code,
      ok: run.code === 0,
    });
  });

  it('keeps the members --json consumers read: compile has filter, json and stats beside the envelope', async () => {
    const answer = envelopeOf((await runCli(['compile', 'ClientCountry eq us', '--json'])).stdout);
    expect(answer).toMatchObject({ ok: true, command: 'compile', exitCode: 0, diagnostics: [], stats: { operators: 1 } });
    expect(JSON.parse(answer.json as string)).toEqual(answer.filter);
  });

  it('diff --json answers on stdout when a side has errors, with the diagnostics (it printed nothing before)', async () => {
    const run = await runCli(['diff', 'NoSuchField eq 1', 'ClientCountry eq us', '--json']);
    expect(run.code).toBe(2);
    expect(envelopeOf(run.stdout)).toMatchObject({ ok: false, command: 'diff', relation: null, diagnostics: [{ code: 'unknown-field' }] });
  });

  it('jobs overlap --json has the unreadable job in diagnostics once, and stderr does not repeat it', async () => {
    const jobs = files.file(
      'overlap.json',
      '[{"id":1,"dataset":"http_requests","filter":"{\\"where\\":1}","destination_conf":"s3://a"},{"id":2,"dataset":"http_requests","filter":"{\\"where\\":{\\"key\\":\\"ClientCountry\\",\\"operator\\":\\"eq\\",\\"value\\":\\"us\\"}}","destination_conf":"s3://a"}]',
    );
    const run = await runCli(['jobs', 'overlap', '--file', jobs, '--json']);
    expect(run.code).toBe(2);
    const answer = envelopeOf(run.stdout);
    // The job that cannot be read is left out and reported; the others are still compared.
    expect(answer).toMatchObject({ ok: false, command: 'jobs overlap', unreadable: 1, jobs: 1, compared: 0 });
    expect((answer.diagnostics as unknown[]).length).toBe(1);
    expect(run.stderr).toBe('');
  });

  it("a missing .tf file answers as check, not in compile's shape", async () => {
    const run = await runCli(['check', '--terraform', join(files.dir, 'nowhere.tf'), '--json']);
    const answer = envelopeOf(run.stdout);
    expect(answer).toMatchObject({ ok: false, command: 'check', exitCode: 2 });
    expect(answer).not.toHaveProperty('filter');
  });
});
