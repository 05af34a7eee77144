/** The jobs client under an account, and updates that merge output_options, over real HTTP against the emulator. */
import { mergeChange, updateJob, ValidationError } from '@logfilter/api';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, requestLines, ZONE } from '../support/emulator.js';

const ACCOUNT = '01a7362d577a6c3019a474fd6f485823';
const DESTINATION = 's3://bucket/path?region=us-east-1';

/**
 * How long the emulator holds the read-back while the other writer's PUT lands:
 * generous, so that a loaded machine still fits them in it (the test waits it out once).
 */
const HOLD_MS = 3_000;

describe('jobs client scopes and updates', () => {
  it('keeps account jobs apart from zone jobs, at /accounts/{id}/logpush/jobs', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const created = await client.jobs.create({ account: ACCOUNT }, { destination_conf: DESTINATION, dataset: 'audit_logs', name: 'audit' });
    expect(created.job).toMatchObject({ id: 1, dataset: 'audit_logs', enabled: false });
    expect(await client.jobs.list({ account: ACCOUNT })).toHaveLength(1);
    expect(await client.jobs.list(ZONE)).toEqual([]);
    await expect(client.jobs.create(ZONE, { destination_conf: DESTINATION, dataset: 'audit_logs' })).rejects.toMatchObject({
      status: 400,
      errors: [{ message: expect.stringContaining("dataset 'audit_logs' is account-scoped"), source: { pointer: '/dataset' } }],
    });
    expect(requestLines(server)).toEqual([
      `POST /accounts/${ACCOUNT}/logpush/jobs`,
      `GET /accounts/${ACCOUNT}/logpush/jobs`,
      `GET /zones/${ZONE}/logpush/jobs`,
      `POST /zones/${ZONE}/logpush/jobs`,
    ]);
  });

  it('merges output_options with what the job holds, and PUTs the whole object', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { destination_conf: DESTINATION, output_options: { field_names: ['RayID'], timestamp_format: 'unix' } });
    const result = await updateJob(client.jobs, ZONE, 1, { output_options: { sample_rate: 0.5, timestamp_format: null } }, { settleMs: 0 });
    expect(result).toMatchObject({ attempts: 1, dryRun: false, body: { output_options: { field_names: ['RayID'], sample_rate: 0.5 } } });
    expect(result.job!.output_options).toEqual({ field_names: ['RayID'], sample_rate: 0.5 });
    expect(requestLines(server).slice(1)).toEqual([
      `GET /zones/${ZONE}/logpush/jobs/1`,
      `PUT /zones/${ZONE}/logpush/jobs/1`,
      `GET /zones/${ZONE}/logpush/jobs/1`,
    ]);
  });

  it('merges again when another writer removed the change between its PUT and the read-back', async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION, output_options: { field_names: ['RayID'] } });
    // The other writer read the job before this update; its PUT of the whole output_options is sent as
    // this update starts its read-back, which the emulator holds back so that the other PUT lands first.
    const other = clientOf(server);
    let otherPut: Promise<unknown> | undefined;
    let gets = 0;
    server.faults.add({ method: 'GET', path: '/jobs/1', fault: { kind: 'delay', ms: 0 } });
    server.faults.add({ method: 'GET', path: '/jobs/1', fault: { kind: 'delay', ms: HOLD_MS } });
    const client = clientOf(server, {
      onRequest: (request) => {
        if (request.method === 'GET' && ++gets === 2)
          otherPut = other.jobs.update(ZONE, 1, { output_options: { field_names: ['RayID'], timestamp_format: 'rfc3339' } });
      },
    });
    const result = await updateJob(client.jobs, ZONE, 1, { output_options: { sample_rate: 0.5 } }, { settleMs: 0, retryBaseMs: 5 });
    await otherPut;
    expect(result.attempts).toBe(2);
    expect(result.job!.output_options).toEqual({ field_names: ['RayID'], timestamp_format: 'rfc3339', sample_rate: 0.5 });
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({ output_options: { field_names: ['RayID'], timestamp_format: 'rfc3339', sample_rate: 0.5 } });
  });

  it('refuses to change dataset or kind, sending nothing but the read', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { destination_conf: DESTINATION });
    const refused = updateJob(client.jobs, ZONE, 1, { dataset: 'dns_logs' });
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      diagnostics: [{ code: 'fixed-member', message: expect.stringContaining('the dataset of a job cannot change') }],
    });
    expect(server.requests.filter((request) => request.method === 'PUT')).toEqual([]);
    expect(mergeChange({ id: 1, destination_conf: DESTINATION }, { enabled: true, dataset: 'http_requests' })).toEqual({ enabled: true });
  });

  it('the emulator serves a dataset field list and refuses an unknown destination scheme', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const fields = await client.logpush.datasetFields({ account: ACCOUNT }, 'firewall_events');
    expect(Object.keys(fields).length).toBeGreaterThan(10);
    expect(await client.logpush.validateDestination(ZONE, DESTINATION)).toEqual({ valid: true, message: '' });
    await expect(client.logpush.validateDestination(ZONE, 'ftp://x')).rejects.toMatchObject({ status: 400 });
  });
});
