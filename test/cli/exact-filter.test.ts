/** The CLI prints the exact filter object: an integer past 2^53 keeps every digit in --json and -o hcl, and in what test and sql read. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const BIG = '9007199254740993'; // 2^53 + 1: a double reads it as ...992

describe('the exact filter object in the CLI', () => {
  it('compile --json prints the filter object with every digit', async () => {
    const run = await runCli(['compile', '--json', '--values', 'typed', `ClientASN in (${BIG}, 18446744073709551615)`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`"filter":{"where":{"key":"ClientASN","operator":"in","value":[${BIG},18446744073709551615]}}`);
  });

  it('check --json over files and -o hcl print it too', async () => {
    const dir = tempFiles('exact-filter').dir;
    const file = join(dir, 'asn.lf');
    writeFileSync(file, `ClientASN eq ${BIG}\n`);
    const check = await runCli(['check', '--json', '--values', 'typed', file, file]);
    expect(check.code).toBe(0);
    expect(check.stdout.split(`"value":${BIG}`)).toHaveLength(3);
    const hcl = await runCli(['compile', '-o', 'hcl', '--values', 'typed', `ClientASN eq ${BIG}`]);
    expect(hcl.stdout).toContain(`value = ${BIG}`);
  });

  it('test and sql use it: the record with the filter`s integer matches, its neighbour does not', async () => {
    const dir = tempFiles('exact-filter-logs').dir;
    const logs = join(dir, 'logs.ndjson');
    writeFileSync(logs, `{"ClientASN":${BIG}}\n{"ClientASN":9007199254740992}\n`);
    const test = await runCli(['test', '--count', '--logs', logs, `ClientASN eq ${BIG}`]);
    expect(test.code).toBe(0);
    expect(`${test.stdout}${test.stderr}`).toMatch(/matched 1 of 2/);
    const sql = await runCli(['sql', '--dialect', 'duckdb', `ClientASN eq ${BIG}`]);
    expect(sql.stdout).toContain(BIG);
  });
});
