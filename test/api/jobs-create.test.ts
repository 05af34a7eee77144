/**
 * A create whose answer is lost, when a job of the same name and destination is already there: the job
 * it made is told apart by every other member it set (filter, options, state), and when two jobs hold
 * all of them the client says it cannot tell, with both ids, instead of naming one.
 */
import { UnconfirmedWriteError, type JobInput } from '@logfilter/api';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, failureOf, requestLines, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/logs?region=us-east-1';
const FILTER = JSON.stringify({ where: { key: 'ClientCountry', operator: 'eq', value: 'us' } });
const jobs = `/zones/${ZONE}/logpush/jobs`;

describe('a create whose answer is lost, beside a job of the same name and destination', () => {
  const created: JobInput = {
    name: 'web',
    destination_conf: DESTINATION,
    dataset: 'http_requests',
    filter: FILTER,
    output_options: { field_names: ['RayID', 'ClientIP'], timestamp_format: 'rfc3339' },
    enabled: true,
  };

  it('finds the new job by its filter and options, not the old one', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { name: 'web', destination_conf: DESTINATION, dataset: 'http_requests' });
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const result = await client.jobs.create(ZONE, created);
    expect(result).toMatchObject({ recovered: true, job: { id: 2, filter: FILTER, enabled: true } });
    expect(server.state.zone(ZONE).jobs.map((job) => job.id)).toEqual([1, 2]);
  });

  it('tells the jobs apart by any one member the create set: options alone, or the state alone', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { ...created, output_options: { field_names: ['RayID'] } });
    await client.jobs.create(ZONE, { ...created, enabled: false });
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    expect(await client.jobs.create(ZONE, created)).toMatchObject({ recovered: true, job: { id: 3 } });
  });

  it('says it cannot tell, naming both jobs, when the old job holds every member the create set', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, created);
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const error = await failureOf(client.jobs.create(ZONE, created));
    expect(error).toBeInstanceOf(UnconfirmedWriteError);
    expect(error).toMatchObject({ written: 'unknown', details: ['job 1', 'job 2'] });
    expect(error.message).toMatch(/^cannot tell whether job 'web' was created: .*; jobs 1 and 2 both hold the name, destination and every other member/);
    expect(server.state.zone(ZONE).jobs).toHaveLength(2);
  });

  it('sends the POST again when only an older job of the same name and destination is there, and the first POST was dropped', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { name: 'web', destination_conf: DESTINATION });
    server.faults.add({ method: 'POST', fault: { kind: 'drop' } });
    const result = await client.jobs.create(ZONE, created);
    expect(result).toMatchObject({ recovered: false, job: { id: 2, filter: FILTER } });
    expect(requestLines(server).slice(1)).toEqual([`POST ${jobs}`, `GET ${jobs}`, `GET ${jobs}`, `POST ${jobs}`, `GET ${jobs}`]);
    expect(server.state.zone(ZONE).jobs).toHaveLength(2);
  });
});
