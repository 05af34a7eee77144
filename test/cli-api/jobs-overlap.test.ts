/**
 * `logfilter jobs overlap`: pairs of jobs (one dataset, one destination: scheme, bucket or host, and
 * path) whose filters let the same record through, against the emulator with jobs created through the
 * CLI, and from a file; each witness record is checked here with evaluate against both jobs' filters.
 * A job that cannot be read is reported once and the others are still compared (issue 29).
 */
import { evaluate, type FilterJson, INPUT_LIMITS, parseJsonExact } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { cliEnv, emulator, ZONE } from '../support/emulator.js';

/** A job as the service answers it, its filter compiled from text by the CLI. */
async function job(id: number, destination: string, filter?: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const compiled = filter === undefined ? undefined : (await runCli(['compile', filter, '-o', 'string'])).stdout.trim();
  return {
    id,
    name: `job-${id}`,
    dataset: 'http_requests',
    destination_conf: destination,
    enabled: true,
    ...(compiled ? { filter: JSON.parse(compiled) } : {}),
    ...extra,
  };
}

function passes(filter: string | undefined, record: Record<string, unknown>): boolean {
  return filter === undefined || evaluate(parseJsonExact(filter) as FilterJson, record);
}

describe('logfilter jobs overlap, against the emulator', () => {
  it('finds the pairs of one dataset and destination that deliver the same record, each with a record both let through', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const create = async (name: string, destination: string, filter: string) => {
      const args = ['jobs', 'create', '--zone', ZONE, '--name', name, '--destination', destination, '--enabled'];
      expect(await runCli(filter === '' ? args : [...args, '--filter', filter], { env })).toMatchObject({ code: 0 });
    };
    // One place (the query and a trailing slash aside): s3://logs/edge.
    await create('us', 's3://logs/edge?region=us-east-1', 'ClientCountry eq us');
    await create('bots', 's3://logs/edge?region=us-west-2', 'BotScore lt 30 AND ClientRequestPath startsWith /api/');
    await create('ca', 's3://logs/edge/?region=us-east-1', 'ClientCountry eq ca AND BotScore geq 30');
    // Another bucket, another path of the bucket, another scheme: each alone at its place.
    await create('other-bucket', 's3://other/edge?region=us-east-1', 'ClientCountry eq us');
    await create('other-path', 's3://logs/archive?region=us-east-1', '');
    await create('everything', 'r2://bucket/logs', '');
    const result = await runCli(['jobs', 'overlap', '--zone', ZONE, '--json'], { env });
    expect(result.code).toBe(1);
    const answer = JSON.parse(result.stdout);
    // us/bots overlap, bots/ca never (BotScore lt 30 and geq 30), us/ca never; the others are alone at their places.
    expect(answer).toMatchObject({ ok: true, jobs: 6, compared: 3, undecided: [], diagnostics: [] });
    expect(answer.overlaps).toHaveLength(1);
    const [pair] = answer.overlaps;
    expect(pair).toMatchObject({
      jobs: [
        { id: 1, name: 'us' },
        { id: 2, name: 'bots' },
      ],
      dataset: 'http_requests',
      destination: 's3://logs/edge',
    });
    const [first, second] = server.state.zone(ZONE).jobs;
    expect([passes(first.filter ?? undefined, pair.record), passes(second.filter ?? undefined, pair.record)]).toEqual([true, true]);
    // The fewest fields: each one the filters name, none more.
    expect(Object.keys(pair.record).sort()).toEqual(['BotScore', 'ClientCountry', 'ClientRequestPath']);

    const text = await runCli(['jobs', 'overlap', '--zone', ZONE], { env });
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(`job 1 'us' and job 2 'bots' (http_requests, s3://logs/edge) both deliver:\n${JSON.stringify(pair.record)}\n`);
    expect(text.stderr).toBe('1 pair of jobs overlap: 3 pairs compared among 6 jobs\n');
  });

  it('compares the other jobs when one cannot be read, and reports that one once (exit 2)', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    for (const [name, filter] of [
      ['us', 'ClientCountry eq us'],
      ['api', 'ClientRequestPath startsWith /api/'],
      ['broken', 'BotScore lt 30'],
    ])
      expect(
        await runCli(['jobs', 'create', '--zone', ZONE, '--name', name, '--destination', 's3://logs/edge?region=us-east-1', '--enabled', '--filter', filter], {
          env,
        }),
      ).toMatchObject({ code: 0 });
    // A filter the service holds but this catalog cannot read (a field it does not know).
    server.state.zone(ZONE).jobs[2].filter = '{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}';
    const json = await runCli(['jobs', 'overlap', '--zone', ZONE, '--json'], { env });
    expect(json.code).toBe(2);
    const answer = JSON.parse(json.stdout);
    expect(answer).toMatchObject({ ok: false, jobs: 2, unreadable: 1, compared: 1 });
    expect(answer.overlaps.map((pair: { jobs: Array<{ name: string }> }) => pair.jobs.map((one) => one.name))).toEqual([['us', 'api']]);
    expect(answer.diagnostics).toHaveLength(1);
    expect(answer.diagnostics[0]).toMatchObject({ job: "job 3 'broken' filter", code: 'unknown-field', severity: 'error' });
    const text = await runCli(['jobs', 'overlap', '--zone', ZONE], { env });
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("job 1 'us' and job 2 'api' (http_requests, s3://logs/edge) both deliver:");
    expect(text.stderr.match(/error\[unknown-field\]/g)).toHaveLength(1);
    expect(text.stderr).toMatch(/1 pair of jobs overlap: 1 pair compared among 2 jobs, 1 job that could not be read left out\n$/);
  });

  it('exits 0 when no pair overlaps, and 2 without a scope or a file', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    for (const [name, filter] of [
      ['low', 'BotScore lt 30'],
      ['high', 'BotScore geq 30'],
    ])
      await runCli(['jobs', 'create', '--zone', ZONE, '--name', name, '--destination', 's3://logs/x?region=us-east-1', '--enabled', '--filter', filter], {
        env,
      });
    expect(await runCli(['jobs', 'overlap', '--zone', ZONE], { env })).toEqual({
      code: 0,
      stdout: '',
      stderr: 'no jobs overlap: 1 pair compared among 2 jobs\n',
    });
    const none = await runCli(['jobs', 'overlap'], { env });
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('give --zone ID or --account ID')]);
  });
});

describe('logfilter jobs overlap --file', () => {
  const { file } = tempFiles('overlap');

  it('reads a jobs list; a job without a filter lets everything through; disabled jobs only with --all', async () => {
    const jobs = [
      await job(1, 's3://a/x?region=us-east-1', 'ClientRequestHost eq example.com'),
      await job(2, 's3://a/x?region=eu-west-1'),
      await job(3, 'https://logs.example.com/in', 'ClientRequestHost eq example.com'),
      await job(4, 's3://a/x/', 'ClientRequestHost eq example.org', { enabled: false }),
      await job(5, 's3://a/x?region=us-east-1', 'QueryName eq example.com', { dataset: 'dns_logs' }),
    ];
    const path = file('jobs.json', JSON.stringify({ success: true, result: jobs }));
    const enabled = await runCli(['jobs', 'overlap', '--file', path, '--json']);
    expect(enabled.code).toBe(1);
    const answer = JSON.parse(enabled.stdout);
    expect(answer).toMatchObject({ jobs: 4, skipped: 1, compared: 1 });
    expect(answer.overlaps).toEqual([
      {
        jobs: [
          { id: 1, name: 'job-1' },
          { id: 2, name: 'job-2' },
        ],
        dataset: 'http_requests',
        destination: 's3://a/x',
        record: { ClientRequestHost: 'example.com' },
      },
    ]);
    const all = JSON.parse((await runCli(['jobs', 'overlap', '--file', '-', '--all', '--json'], { input: JSON.stringify(jobs) })).stdout);
    // 1-2, 1-4, 2-4: job 4 overlaps job 2 (which takes everything) but not job 1 (another host).
    expect(all.compared).toBe(3);
    expect(all.overlaps.map((pair: { jobs: Array<{ id: number }> }) => pair.jobs.map((one) => one.id))).toEqual([
      [1, 2],
      [2, 4],
    ]);
    for (const pair of all.overlaps) {
      const filters = pair.jobs.map((one: { id: number }) => jobs.find((candidate) => candidate.id === one.id)!.filter as string | undefined);
      expect(filters.map((filter: string | undefined) => passes(filter, pair.record))).toEqual([true, true]);
    }
  });

  it('exits 2 with the diagnostic of a job whose filter cannot be read, and for a file without jobs; 0 for an empty list', async () => {
    const bad = [{ id: 7, destination_conf: 's3://a/x', filter: '{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}' }];
    const result = await runCli(['jobs', 'overlap', '--file', file('bad.json', JSON.stringify(bad))]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error[unknown-field]: unknown field 'ClientCountri'");
    expect(result.stderr).toContain('--> job 7 filter:1:17');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const scalar = await runCli(['jobs', 'overlap', '--file', file('scalar.json', '"jobs"')]);
    expect([scalar.code, scalar.stderr]).toEqual([2, expect.stringContaining('no jobs in the file')]);
    // An empty list (a zone without jobs, as `jobs list --json` writes it) has no pair that overlaps.
    const empty = await runCli(['jobs', 'overlap', '--file', file('empty.json', '{"ok":true,"jobs":[]}')]);
    expect(empty).toEqual({ code: 0, stdout: '', stderr: 'no jobs overlap: 0 pairs compared among 0 jobs\n' });
    const both = await runCli(['jobs', 'overlap', '--file', file('x.json', '[]'), '--zone', ZONE]);
    expect(both.code).toBe(2);
  });

  it('refuses a file over the jobs limit as jobs check does: exit 1, with the hint, before reading it', async () => {
    const big = file('big.json', ' '.repeat(INPUT_LIMITS.jobs + 1));
    const overlap = await runCli(['jobs', 'overlap', '--file', big]);
    const check = await runCli(['jobs', 'check', big]);
    expect(overlap.code).toBe(1);
    expect(overlap.code).toBe(check.code);
    expect(overlap.stderr).toContain('over the limit of');
    expect(overlap.stderr).toContain('= hint:');
  });
});
