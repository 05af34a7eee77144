/** `--max-warnings N` and `--error-on-warnings` (as ESLint and Biome): warnings that fail a CI gate, with a line saying why. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('max-warnings');
/** One quick-lint warning (never-matches). */
const WARNS = 'EdgeResponseStatus eq 200 and EdgeResponseStatus eq 404';
const tf = files.file(
  'warns.tf',
  `resource "cloudflare_logpush_job" "a" {\n  zone_id = var.zone_id\n  dataset = "http_requests"\n  filter  = jsonencode({ where = { and = [{ key = "EdgeResponseStatus", operator = "eq", value = 200 }, { key = "EdgeResponseStatus", operator = "eq", value = 404 }] } })\n}\n`,
);
const plan = files.file(
  'plan.json',
  JSON.stringify({
    format_version: '1.2',
    planned_values: {
      root_module: {
        resources: [
          {
            address: 'cloudflare_logpush_job.a',
            mode: 'managed',
            type: 'cloudflare_logpush_job',
            name: 'a',
            values: {
              dataset: 'http_requests',
              zone_id: 'z',
              destination_conf: 's3://b/p',
              filter:
                '{"where":{"and":[{"key":"EdgeResponseStatus","operator":"eq","value":"200"},{"key":"EdgeResponseStatus","operator":"eq","value":"404"}]}}',
            },
          },
        ],
      },
    },
  }),
);

describe('--max-warnings and --error-on-warnings', () => {
  it.each([
    ['check', ['check', WARNS]],
    ['check -f', ['check', '-f', files.file('warns.lf', `${WARNS}\n`)]],
    [
      'check --from-json',
      [
        'check',
        '--from-json',
        '{"where":{"and":[{"key":"EdgeResponseStatus","operator":"eq","value":"200"},{"key":"EdgeResponseStatus","operator":"eq","value":"404"}]}}',
      ],
    ],
    ['check --terraform', ['check', '--terraform', tf]],
    ['check --terraform-plan', ['check', '--terraform-plan', plan]],
  ])('%s: warnings pass by default, fail past the limit with a line saying why', async (_name, args) => {
    const plain = await runCli(args);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toContain('warning[never-matches]');
    expect((await runCli([...args, '--max-warnings', '1'])).code).toBe(0);
    const over = await runCli([...args, '--max-warnings', '0']);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/failed: 1 warning, more than --max-warnings 0 allows\n$/);
    const strict = await runCli([...args, '--error-on-warnings']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/failed: 1 warning, more than --error-on-warnings allows\n$/);
    const json = JSON.parse((await runCli([...args, '--max-warnings', '0', '--json'])).stdout) as {
      ok: boolean;
      exitCode: number;
      diagnostics: { code: string }[];
    };
    expect(json).toMatchObject({ ok: false, exitCode: 1 });
    expect(json.diagnostics.map((d) => d.code)).toContain('too-many-warnings');
  });

  it("check --deep counts the solver's warnings too", async () => {
    const deep = await runCli(['check', '--deep', 'EdgeResponseStatus lt 0', '--max-warnings', '0']);
    expect(deep.stderr).toContain('never-matches');
    expect(deep.code).toBe(1);
  });

  it('fmt --check: a file in canonical form with no warnings passes under --error-on-warnings', async () => {
    const canonical = files.file('ok.lf', 'ClientCountry eq us\n');
    expect((await runCli(['fmt', '--check', canonical, '--error-on-warnings'])).code).toBe(0);
    expect((await runCli(['fmt', '--check', canonical, '--max-warnings', '0'])).code).toBe(0);
  });

  it('is a usage error naming the flag when N is not a whole number, and the two flags do not go together', async () => {
    const bad = await runCli(['check', WARNS, '--max-warnings', 'some']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--max-warnings <n>' argument 'some' is invalid");
    const both = await runCli(['check', WARNS, '--max-warnings', '1', '--error-on-warnings']);
    expect(both.code).toBe(2);
  });

  it('is in --help', async () => {
    const help = (await runCli(['check', '--help'])).stdout;
    expect(help).toContain('--max-warnings <n>');
    expect(help).toContain('--error-on-warnings');
    expect((await runCli(['fmt', '--help'])).stdout).toContain('--max-warnings <n>');
  });
});
