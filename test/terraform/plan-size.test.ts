/**
 * Plans have a size limit of their own (INPUT_LIMITS.plan, tens of MB: a large workspace's plan is
 * far past the 1 MB of filter JSON), applied by the file's size before it is read, by `check
 * --terraform-plan` and by `diff`, which looks at a file's size before it reads anything to tell a
 * plan from a filter. The files past a limit here are sparse: large by their size, not on disk.
 */
import { truncateSync } from 'node:fs';
import { INPUT_LIMITS } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('plan-size');
const MB = 1024 * 1024;

/** A plan of `size` bytes or a little more: one job with `filter`, and other resources as a large workspace has. */
function planOf(size: number, filter: string): string {
  const job = {
    address: 'cloudflare_logpush_job.bots',
    mode: 'managed',
    type: 'cloudflare_logpush_job',
    name: 'bots',
    values: { dataset: 'http_requests', zone_id: '023e105f4ecef8ad9ca31a8372d0c353', destination_conf: 's3://b/p', filter },
  };
  const record = (i: number) => ({
    address: `cloudflare_record.r${i}`,
    mode: 'managed',
    type: 'cloudflare_record',
    name: `r${i}`,
    values: { zone_id: '023e105f4ecef8ad9ca31a8372d0c353', name: `host-${i}.example.com`, type: 'A', content: '192.0.2.1', comment: 'x'.repeat(200) },
  });
  const count = Math.ceil(size / JSON.stringify(record(0)).length);
  return JSON.stringify({
    format_version: '1.2',
    planned_values: { root_module: { resources: [job, ...Array.from({ length: count }, (_, i) => record(i))] } },
  });
}

/** A file of `size` bytes that starts as `start` and is zeros after (sparse: it takes no disk). */
function sparse(name: string, start: string, size: number): string {
  const path = files.file(name, start);
  truncateSync(path, size);
  return path;
}

const PLAN_LIMIT_HINT =
  '  = hint: logfilter reads a Terraform plan in JSON of up to 64 MB: is this the right file? For a larger workspace, plan only the jobs (terraform plan -target=cloudflare_logpush_job.NAME ...) or check the .tf files with --terraform\n';

describe('the size of a plan', () => {
  it('is stated in INPUT_LIMITS, tens of MB', () => {
    expect(INPUT_LIMITS.plan).toBe(64 * MB);
  });

  it('check --terraform-plan reads a plan past the filter JSON limit (1 MB), and checks its jobs', async () => {
    const good = files.file('big-good.json', planOf(2 * MB, '{"where":{"key":"BotScore","operator":"lt","value":"30"}}'));
    expect(await runCli(['check', '--terraform-plan', good])).toMatchObject({ code: 0, stderr: 'ok: 1 filter checked in 1 file; 0 errors, 0 warnings\n' });
    const bad = files.file('big-bad.json', planOf(2 * MB, '{"where":{"key":"BotScore","operator":"like","value":"30"}}'));
    const result = await runCli(['check', '--terraform-plan', bad, '--format', 'json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics.map((d: { code: string; address: string }) => [d.address, d.code])).toEqual([
      ['cloudflare_logpush_job.bots', 'unknown-operator'],
    ]);
  });

  it('check --terraform-plan refuses a plan past its own limit by its size, in its own words (exit 1)', async () => {
    const size = INPUT_LIMITS.plan + 1;
    const huge = sparse('huge-plan.json', '{"format_version":"1.2","planned_values":{', size);
    expect(await runCli(['check', '--terraform-plan', huge])).toEqual({
      code: 1,
      stdout: '',
      stderr: `logfilter: ${huge} is ${size} bytes (64.0 MB), over the limit of ${INPUT_LIMITS.plan} bytes (64 MB) for a Terraform plan in JSON\n${PLAN_LIMIT_HINT}`,
    });
  });

  it('diff compares two plans past the filter JSON limit', async () => {
    const plan = files.file('big-old.json', planOf(2 * MB, '{"where":{"key":"BotScore","operator":"lt","value":"30"}}'));
    const result = await runCli(['diff', plan, plan]);
    expect([result.code, result.stdout, result.stderr]).toEqual([0, 'cloudflare_logpush_job.bots: unchanged (same text)\n', '1 job: 1 unchanged\n']);
  });

  it('diff looks at a large file`s size before reading it: a plan past its limit is refused as a plan', async () => {
    // 400 MB that start as a plan: refused by the plan limit, by its size, not read whole to find out what it is.
    const size = 400 * MB;
    const huge = sparse('huge.json', '{"format_version":"1.2","terraform_version":"1.11.4","planned_values":{', size);
    const other = files.file('small.json', planOf(0, '{"where":{"key":"BotScore","operator":"lt","value":"30"}}'));
    expect(await runCli(['diff', huge, other])).toEqual({
      code: 1,
      stdout: '',
      stderr: `logfilter: ${huge} is ${size} bytes (400 MB), over the limit of ${INPUT_LIMITS.plan} bytes (64 MB) for a Terraform plan in JSON\n${PLAN_LIMIT_HINT}`,
    });
    // 400 MB of anything else: refused by the filter JSON limit, by its size.
    const junk = sparse('junk.json', '{"where":', size);
    const refused = await runCli(['diff', junk, 'BotScore lt 30']);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      expect.stringContaining(`logfilter: ${junk} is ${size} bytes (400 MB), over the limit of ${INPUT_LIMITS.json} bytes (1 MB) for filter JSON\n`),
    ]);
  });
});
