/**
 * Staged races of `updateJob` against the emulator: a writer whose PUT is answered 429 (or whose answer
 * is lost) while another writer's change lands must not overwrite it with a body merged from its old read.
 */
import { updateJob } from '@logfilter/api';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, requestLines, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/path?region=us-east-1';
const JOB = `/zones/${ZONE}/logpush/jobs/1`;

/**
 * How long writer A waits out its 429: writer B reads and writes the job in that time. Generous, so
 * that a loaded machine still fits B's two requests in it; the test waits it out once.
 */
const RETRY_AFTER_SECONDS = 5;

/** Resolves once the emulator has received `count` PUTs: the test waits for the event, not for a time. */
async function putsReceived(server: Awaited<ReturnType<typeof emulator>>, count: number): Promise<void> {
  while (server.requests.filter((request) => request.method === 'PUT').length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('job updates racing other writers', () => {
  it('after a 429 on its PUT, reads and merges again instead of resending a body built from its old read', async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION });
    server.faults.add({ method: 'PUT', path: '/logpush/jobs/', fault: { kind: 'status', status: 429, retryAfter: RETRY_AFTER_SECONDS } });
    const a = updateJob(clientOf(server).jobs, ZONE, 1, { output_options: { sample_rate: 0.5 } });
    // B starts once A's first PUT has been refused.
    await putsReceived(server, 1);
    const b = updateJob(clientOf(server).jobs, ZONE, 1, { output_options: { timestamp_format: 'rfc3339' } });
    const [first, second] = await Promise.all([a, b]);
    expect(first.job!.output_options).toMatchObject({ sample_rate: 0.5 });
    expect(second.job!.output_options).toMatchObject({ timestamp_format: 'rfc3339' });
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({ output_options: { sample_rate: 0.5, timestamp_format: 'rfc3339' } });
    expect(Object.keys((server.state.zone(ZONE).jobs[0] as { output_options?: object }).output_options ?? {})).toHaveLength(2);
    // A waited out the Retry-After, then read the job again (after B's write) before its second PUT:
    // the PUTs applied are B's and A's merged anew, never A's first body again.
    const applied = server.requests.filter((request) => request.method === 'PUT' && request.body !== undefined);
    expect(applied.map((request) => request.body)).toEqual([
      { output_options: { timestamp_format: 'rfc3339' } },
      { output_options: { timestamp_format: 'rfc3339', sample_rate: 0.5 } },
    ]);
    expect(first.attempts).toBe(2);
    expect(first.notes[0]).toContain('reading the job again before merging');
  });

  it('after a lost answer to its PUT, reads back and stops when the change is there, without a second PUT', async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION, output_options: { field_names: ['RayID'] } });
    server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
    const result = await updateJob(clientOf(server).jobs, ZONE, 1, { output_options: { sample_rate: 0.5 } });
    expect(result).toMatchObject({ attempts: 1, job: { output_options: { field_names: ['RayID'], sample_rate: 0.5 } } });
    expect(requestLines(server).slice(1)).toEqual([`GET ${JOB}`, `PUT ${JOB}`, `GET ${JOB}`]);
  });
});
