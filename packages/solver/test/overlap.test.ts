/**
 * Jobs that deliver a record twice: where a job delivers (destinationPlace: scheme, bucket or host,
 * path), a job that cannot be read left out with its diagnostics while the others are compared.
 */
import { builtinCatalog, compile } from '@logfilter/core';
import { comparePairs, destinationPlace, loadSolver, readJobs } from '@logfilter/solver';
import { afterAll, describe, expect, it } from 'vitest';

afterAll(async () => (await loadSolver()).release());

describe('destinationPlace', () => {
  it('keeps scheme, bucket or host and path; leaves out the query', () => {
    expect(destinationPlace('s3://one/logs?region=us-east-1')).toBe('s3://one/logs');
    expect(destinationPlace('S3://One/logs/?region=eu-west-1')).toBe('s3://one/logs');
    expect(destinationPlace('https://logs.example.com/in?header_Authorization=x')).toBe('https://logs.example.com/in');
    expect(destinationPlace('r2://bucket/a/{DATE}?account-id=1')).toBe('r2://bucket/a/{DATE}');
    expect(destinationPlace('not a url')).toBe('not a url');
  });
});

describe('readJobs and comparePairs', () => {
  const job = (id: number, destination: string, filter?: string) => ({
    job: { id, name: `job-${id}`, dataset: 'http_requests', destination_conf: destination, filter },
    pointer: `/${id}`,
  });

  it('compares only jobs of one destination, and leaves out a job that cannot be read', async () => {
    const found = [
      job(1, 's3://one/logs?region=us-east-1', compile('ClientCountry eq us').json),
      job(2, 's3://two/logs?region=us-east-1', compile('ClientCountry eq us').json),
      job(3, 's3://one/logs?region=us-west-2', compile('BotScore lt 30').json),
      job(4, 's3://one/logs', '{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}'),
    ];
    const read = readJobs(found, { catalog: builtinCatalog() });
    expect(read.jobs.map((one) => one.id)).toEqual([1, 2, 3]);
    expect(read.problems.map((problem) => [problem.label, problem.diagnostics.map((d) => d.code)])).toEqual([["job 4 'job-4' filter", ['unknown-field']]]);
    const steps: string[] = [];
    const pairs = await comparePairs(read.jobs, { onProgress: (p) => steps.push(`${p.done}/${p.total} ${p.what}`) });
    // Jobs 1 and 3 share bucket one and path logs; job 2 writes to another bucket.
    expect(pairs.map((pair) => [pair.a.id, pair.b.id, pair.overlap.overlaps])).toEqual([[1, 3, true]]);
    expect(steps).toEqual(["0/1 job 1 'job-1' and job 3 'job-3'"]);
  });
});
