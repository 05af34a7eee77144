/**
 * `logfilter diff OLD NEW` of two Terraform versions: `.tf` files and folders (read by the `.tf`
 * reader) and plans in JSON with modules and for_each instances (read by the plan reader), each
 * cloudflare_logpush_job matched by address: added, removed, the same meaning, or changed with a
 * witness record that evaluate confirms; exit codes 0, 1, 2 and 3.
 */
import { evaluate, type FilterJson } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const DIR = 'test/terraform/fixtures/diff';
/** Plans stay on one line, as terraform show -json writes them (biome leaves fixtures/*.json alone). */
const PLANS = 'test/terraform/fixtures/diff-plan';

interface Change {
  address: string;
  change: string;
  relation?: string;
  witnesses?: Array<{ record: Record<string, unknown>; old: boolean; new: boolean }>;
  reason?: string;
}

async function changes(older: string, newer: string): Promise<{ code: number | null; jobs: Change[] }> {
  const result = await runCli(['diff', older, newer, '--json']);
  return { code: result.code, jobs: result.stdout === '' ? [] : (JSON.parse(result.stdout) as { jobs: Change[] }).jobs };
}

describe('diff of two versions of .tf files', () => {
  it('lists added and removed resources, says which keep their meaning, and gives a witness for each change', async () => {
    const { code, jobs } = await changes(`${DIR}/old/main.tf`, `${DIR}/new/main.tf`);
    expect(code).toBe(1);
    expect(jobs.map((job) => [job.address, job.change, job.relation])).toEqual([
      // geq 500 written as gt 499 OR eq 500: the same records.
      ['cloudflare_logpush_job.http_errors', 'same', undefined],
      ['cloudflare_logpush_job.bots', 'changed', 'new-wider'],
      ['cloudflare_logpush_job.hosts', 'changed', 'old-wider'],
      // No filter (every record) before, a filter after.
      ['cloudflare_logpush_job.everything', 'changed', 'old-wider'],
      ['cloudflare_logpush_job.legacy', 'removed', undefined],
      ['cloudflare_logpush_job.firewall', 'added', undefined],
    ]);
    expect(jobs[1].witnesses).toEqual([{ record: { BotScore: 30 }, old: false, new: true }]);
    expect(jobs[2].witnesses).toEqual([{ record: { ClientRequestHost: 'b.example.com' }, old: true, new: false }]);
    // The new filter, as the .tf holds it: the witness passes the old (no filter) and fails the new.
    const after: FilterJson = { where: { key: 'ClientRequestPath', operator: '!startsWith', value: '/health' } } as FilterJson;
    const [witness] = jobs[3].witnesses!;
    expect([witness.old, witness.new, evaluate(after, witness.record)]).toEqual([true, false, false]);
  });

  it('prints each job in text, and exits 0 when every job keeps its meaning', async () => {
    const text = await runCli(['diff', `${DIR}/old/main.tf`, `${DIR}/new/main.tf`]);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'cloudflare_logpush_job.http_errors: same meaning',
      'cloudflare_logpush_job.bots: NEW lets through more',
      '  only NEW lets this record through: {"BotScore":30}',
    ]);
    expect(text.stderr).toBe('6 jobs: 3 changed, 1 added, 1 removed, 1 unchanged\n');
    const same = await runCli(['diff', `${DIR}/old/main.tf`, `${DIR}/old/main.tf`]);
    expect([same.code, same.stderr]).toEqual([0, '5 jobs: 5 unchanged\n']);
  });

  it('reads folders; a job written alike in both is unchanged (same text), even when built from a variable (exit 0)', async () => {
    const { code, jobs } = await changes(`${DIR}/old`, `${DIR}/old`);
    expect(code).toBe(0);
    expect(jobs.find((job) => job.address === 'cloudflare_logpush_job.watched')).toEqual({
      address: 'cloudflare_logpush_job.watched',
      change: 'same',
      reason: 'same text',
    });
    expect(jobs.every((job) => job.change === 'same' && job.reason === 'same text')).toBe(true);
    const text = await runCli(['diff', `${DIR}/old`, `${DIR}/old`]);
    expect([text.code, text.stderr]).toEqual([0, '6 jobs: 6 unchanged\n']);
    expect(text.stdout).toContain('cloudflare_logpush_job.watched: unchanged (same text)\n');
  });

  it('a filter known only when Terraform plans, written differently, is undecided (exit 3), never guessed', async () => {
    const { file } = tempFiles('tf-diff-var');
    const resource = (value: string) =>
      `resource "cloudflare_logpush_job" "watched" {\n  zone_id = "z"\n  dataset = "http_requests"\n  destination_conf = "s3://a/b"\n  filter = jsonencode({ where = { key = "ClientRequestHost", operator = "eq", value = ${value} } })\n}\n`;
    const { code, jobs } = await changes(file('old.tf', resource('var.host')), file('new.tf', resource('var.other_host')));
    expect(code).toBe(3);
    expect(jobs).toEqual([
      { address: 'cloudflare_logpush_job.watched', change: 'undecided', reason: 'OLD: the filter holds `var.host`, known only when Terraform plans' },
    ]);
  });

  it('a dataset that changed is a change; a filter with errors exits 2 with its diagnostic', async () => {
    const { file } = tempFiles('tf-diff');
    const resource = (dataset: string, filter: string) =>
      `resource "cloudflare_logpush_job" "j" {\n  zone_id = "z"\n  dataset = "${dataset}"\n  destination_conf = "s3://a/b"\n  filter = ${JSON.stringify(filter)}\n}\n`;
    const http = file('http.tf', resource('http_requests', '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}'));
    const dns = file('dns.tf', resource('dns_logs', '{"where":{"key":"QueryName","operator":"eq","value":"us"}}'));
    const moved = await changes(http, dns);
    expect(moved).toEqual({
      code: 1,
      jobs: [
        {
          address: 'cloudflare_logpush_job.j',
          change: 'changed',
          reason: 'the dataset changed from http_requests (zone) to dns_logs (zone): no record of one is a record of the other',
        },
      ],
    });
    const broken = file('broken.tf', resource('http_requests', '{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}'));
    const result = await runCli(['diff', http, broken]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error[unknown-field]: unknown field 'ClientCountri'");
    expect(result.stderr).toContain('cloudflare_logpush_job.j filter');
    const notHcl = await runCli(['diff', http, file('bad.tf', 'resource "cloudflare_logpush_job" "j" {\n  filter = \n')]);
    expect([notHcl.code, notHcl.stderr]).toEqual([2, expect.stringMatching(/^logfilter: .*bad\.tf:\d+:\d+: /)]);
    const mixed = await runCli(['diff', http, 'ClientCountry eq us']);
    expect([mixed.code, mixed.stderr]).toEqual([2, expect.stringContaining('OLD is Terraform and the other is not')]);
  });
});

describe('diff of two plans in JSON', () => {
  it('matches module and for_each instances by address; a deletion is a removed job', async () => {
    const { code, jobs } = await changes(`${PLANS}-old.json`, `${PLANS}-new.json`);
    expect(code).toBe(1);
    expect(jobs).toEqual([
      // endsWith .example.com AND endsWith example.com: the first implies the second.
      { address: 'cloudflare_logpush_job.dns', change: 'same' },
      {
        address: 'module.edge.cloudflare_logpush_job.by_country["us"]',
        change: 'changed',
        relation: 'new-wider',
        witnesses: [{ record: { ClientCountry: 'mx' }, old: false, new: true }],
      },
      { address: 'module.edge.cloudflare_logpush_job.by_country["ca"]', change: 'removed' },
      { address: 'module.edge.cloudflare_logpush_job.by_country["mx"]', change: 'added' },
    ]);
    expect((await runCli(['diff', `${PLANS}-new.json`, `${PLANS}-new.json`])).code).toBe(0);
  });
});
