/**
 * diffTerraform as a library: jobs paired by resource address, added and removed ones listed, a
 * changed dataset a change, filters with errors listed as problems, and every other pair handed to
 * the comparison the caller passes in. The comparison here judges over a fixed set of records with
 * core's evaluate (the CLI passes Z3's, proved over every record; test/terraform covers that one).
 */
import { builtinCatalog, type Dataset, evaluate, type FilterJson } from '@logfilter/core';
import { type CompareFilters, diffTerraform, type FilterComparison, plannedTerraformJobs, SAME_TEXT, terraformJobs } from '@logfilter/terraform';
import { describe, expect, it } from 'vitest';

const catalog = builtinCatalog();

const RECORDS = [
  { BotScore: 10, ClientCountry: 'us' },
  { BotScore: 30, ClientCountry: 'ca' },
  { BotScore: 50, ClientCountry: 'mx' },
];

/** Each question asked, and an answer judged over RECORDS: the relation of the records each filter lets through. */
function sampled(): { compare: CompareFilters; asked: Array<[FilterJson | undefined, FilterJson | undefined, string]> } {
  const asked: Array<[FilterJson | undefined, FilterJson | undefined, string]> = [];
  const passes = (filter: FilterJson | undefined, record: Record<string, unknown>) => filter === undefined || evaluate(filter, record);
  const compare = async (older: FilterJson | undefined, newer: FilterJson | undefined, dataset: Dataset): Promise<FilterComparison> => {
    asked.push([older, newer, dataset.name]);
    const witnesses = RECORDS.filter((record) => passes(older, record) !== passes(newer, record)).map((record) => ({
      line: JSON.stringify(record),
      old: passes(older, record),
      new: passes(newer, record),
    }));
    const oldOnly = witnesses.some((witness) => witness.old);
    const newOnly = witnesses.some((witness) => witness.new);
    return { relation: oldOnly && newOnly ? 'overlap' : oldOnly ? 'old-wider' : newOnly ? 'new-wider' : 'same', witnesses };
  };
  return { compare, asked };
}

const job = (name: string, dataset: string, filter?: string) =>
  `resource "cloudflare_logpush_job" "${name}" {\n  zone_id = "z"\n  dataset = "${dataset}"\n${filter ? `  filter = ${filter}\n` : ''}}\n`;
const tf = (name: string, ...jobs: string[]) => terraformJobs([{ name, text: jobs.join('') }]);

describe('diffTerraform', () => {
  it('pairs jobs by address: removed, added, and each kept filter compared by the given function', async () => {
    const older = tf(
      'old.tf',
      job('bots', 'http_requests', 'jsonencode({ where = { key = "BotScore", operator = "lt", value = 30 } })'),
      job('gone', 'http_requests'),
    );
    const newer = tf(
      'new.tf',
      job('bots', 'http_requests', 'jsonencode({ where = { key = "BotScore", operator = "leq", value = 30 } })'),
      job('fresh', 'http_requests'),
    );
    const { compare, asked } = sampled();
    const diff = await diffTerraform(older, newer, { catalog, compare });
    expect(diff.problems).toEqual([]);
    expect(diff.changes).toEqual([
      {
        address: 'cloudflare_logpush_job.bots',
        change: 'changed',
        relation: 'new-wider',
        witnesses: [{ line: '{"BotScore":30,"ClientCountry":"ca"}', old: false, new: true }],
        reason: undefined,
      },
      { address: 'cloudflare_logpush_job.gone', change: 'removed' },
      { address: 'cloudflare_logpush_job.fresh', change: 'added' },
    ]);
    // The filters reach the comparison as core's decompile reads them (values as the service documents them), against the job's dataset.
    expect(asked).toEqual([
      [{ where: { key: 'BotScore', operator: 'lt', value: '30' } }, { where: { key: 'BotScore', operator: 'leq', value: '30' } }, 'http_requests'],
    ]);
  });

  it('passes undefined for a job with no filter (every record), and says same when the comparison does', async () => {
    const { compare, asked } = sampled();
    const older = tf('old.tf', job('all', 'http_requests'));
    const newer = tf('new.tf', job('all', 'http_requests', 'jsonencode({ where = { key = "BotScore", operator = "geq", value = 0 } })'));
    const diff = await diffTerraform(older, newer, { catalog, compare });
    expect(asked[0][0]).toBeUndefined();
    expect(diff.changes).toEqual([{ address: 'cloudflare_logpush_job.all', change: 'same' }]);
  });

  it('reports a changed dataset as a change without asking, and a filter with errors as a problem', async () => {
    const { compare, asked } = sampled();
    const moved = await diffTerraform(tf('a.tf', job('j', 'http_requests')), tf('b.tf', job('j', 'dns_logs')), { catalog, compare });
    expect(moved.changes).toEqual([
      {
        address: 'cloudflare_logpush_job.j',
        change: 'changed',
        reason: 'the dataset changed from http_requests (zone) to dns_logs (zone): no record of one is a record of the other',
      },
    ]);
    const broken = await diffTerraform(
      tf('a.tf', job('j', 'http_requests')),
      tf('b.tf', job('j', 'http_requests', 'jsonencode({ where = { key = "ClientCountri", operator = "eq", value = "us" } })')),
      { catalog, compare },
    );
    expect(broken.changes).toEqual([]);
    expect(broken.problems.map((problem) => [problem.name, problem.diagnostics.map((d) => d.code)])).toEqual([
      ['b.tf cloudflare_logpush_job.j filter', ['unknown-field']],
    ]);
    expect(asked).toEqual([]);
  });

  it('says same by the text, without asking, when both versions write a job alike: built from a variable or not', async () => {
    const { compare, asked } = sampled();
    const jobs = () =>
      tf(
        'main.tf',
        job('known', 'http_requests', 'jsonencode({ where = { key = "BotScore", operator = "lt", value = 30 } })'),
        job('computed', 'http_requests', 'jsonencode({ where = { key = "ClientCountry", operator = "eq", value = var.country } })'),
      );
    const diff = await diffTerraform(jobs(), jobs(), { catalog, compare });
    expect(diff.changes).toEqual([
      { address: 'cloudflare_logpush_job.known', change: 'same', reason: SAME_TEXT },
      { address: 'cloudflare_logpush_job.computed', change: 'same', reason: SAME_TEXT },
    ]);
    expect(asked).toEqual([]);
    // Written alike but with an error: still reported, never passed as same.
    const broken = () => tf('main.tf', job('j', 'http_requests', 'jsonencode({ where = { key = "ClientCountri", operator = "eq", value = "us" } })'));
    const bad = await diffTerraform(broken(), broken(), { catalog, compare });
    expect([bad.changes, bad.problems.map((problem) => problem.diagnostics[0].code)]).toEqual([[], ['unknown-field']]);
    // A different scope (account_id for zone_id) is not the same job, written alike or not: firewall_events has one dataset in each.
    const account = terraformJobs([{ name: 'a.tf', text: job('j', 'firewall_events').replace('zone_id', 'account_id') }]);
    const moved = await diffTerraform(tf('z.tf', job('j', 'firewall_events')), account, { catalog, compare });
    expect(moved.changes).toEqual([
      {
        address: 'cloudflare_logpush_job.j',
        change: 'changed',
        reason: 'the dataset changed from firewall_events (zone) to firewall_events (account): no record of one is a record of the other',
      },
    ]);
  });

  it('compares a plan with .tf text alike, by address', async () => {
    const plan = {
      format_version: '1.2',
      planned_values: {
        root_module: {
          resources: [
            {
              address: 'cloudflare_logpush_job.bots',
              mode: 'managed',
              type: 'cloudflare_logpush_job',
              values: { dataset: 'http_requests', zone_id: 'z', filter: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}' },
            },
          ],
        },
      },
    };
    const { compare } = sampled();
    const older = plannedTerraformJobs({ name: 'plan.json', text: JSON.stringify(plan) });
    const newer = tf('new.tf', job('bots', 'http_requests', 'jsonencode({ where = { key = "ClientCountry", operator = "in", value = ["us", "mx"] } })'));
    const diff = await diffTerraform(older, newer, { catalog, compare });
    expect(diff.changes).toMatchObject([{ address: 'cloudflare_logpush_job.bots', change: 'changed', relation: 'new-wider' }]);
  });
});
