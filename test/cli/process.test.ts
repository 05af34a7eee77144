/**
 * The two ways tests run `logfilter`: in this process through `main(argv, io)` (runCli) and as a
 * process of its own through the bin (spawnCli). The same runs give the same code, stdout and
 * stderr both ways, and `main` leaves nothing of a run behind in the process that called it.
 */
import { describe, expect, it } from 'vitest';
import { DESIGN_CARD, runCli, spawnCli, tempFiles } from '../support/cli.js';

const { dir, file } = tempFiles('process');
const filterFile = file('api.lf', 'ClientRequestPath startsWith "/api/"\n');
file('broken.lf', 'BotScore lt\n');
const logs = file('logs.ndjson', '{"BotScore":10}\n{"BotScore":90}\nnot json\n');

/** Runs that exercise each part of the io: stdout, stderr, exit codes, stdin, env, cwd. */
const RUNS: Array<{ name: string; args: string[]; input?: string; env?: Record<string, string>; cwd?: string }> = [
  { name: 'a compile', args: ['compile', DESIGN_CARD] },
  { name: 'a filter with errors', args: ['check', 'BotScore lt'] },
  { name: 'an unknown option', args: ['compile', '--no-such-option'] },
  { name: 'a usage error as JSON', args: ['compile', '--json', '-d', 'no_such_dataset', 'BotScore lt 30'] },
  { name: 'the filter on standard input', args: ['compile', '-f', '-'], input: 'BotScore lt 30\n' },
  { name: 'log lines on standard input', args: ['test', 'BotScore lt 30', '--logs', '-'], input: '{"BotScore":10}\n{"BotScore":90}\n' },
  { name: 'a relative path from the working folder', args: ['check', '-f', 'api.lf'], cwd: dir },
  { name: 'a relative path that names nothing there', args: ['check', '-f', 'api.lf'] },
  { name: 'several relative files, one broken', args: ['check', 'api.lf', 'broken.lf'], cwd: dir },
  { name: 'colour forced by the environment', args: ['check', 'BotScore lt'], env: { FORCE_COLOR: '1' } },
  { name: 'help wrapped to $COLUMNS', args: ['help', 'compile'], env: { COLUMNS: '50' } },
  { name: 'log lines from a file, one malformed', args: ['test', 'BotScore lt 30', '--logs', logs] },
];

describe('runCli (in this process) and spawnCli (the bin)', () => {
  for (const run of RUNS) {
    it(`give the same result for ${run.name}`, async () => {
      const options = { input: run.input, env: run.env, cwd: run.cwd };
      const [inProcess, spawned] = await Promise.all([runCli(run.args, options), spawnCli(run.args, options)]);
      expect(inProcess).toEqual(spawned);
    });
  }

  it('read the filter file named relative to the working folder given', async () => {
    expect(await runCli(['compile', '-f', 'api.lf'], { cwd: dir })).toEqual({
      code: 0,
      stdout: '{"where":{"key":"ClientRequestPath","operator":"startsWith","value":"/api/"}}\n',
      stderr: '',
    });
    expect(filterFile.startsWith(dir)).toBe(true);
  });
});

describe('main(argv, io)', () => {
  it('leaves no exit code and no signal or stream listener in the process that calls it', async () => {
    const before = {
      exitCode: process.exitCode,
      sigint: process.listenerCount('SIGINT'),
      sigterm: process.listenerCount('SIGTERM'),
      stdout: process.stdout.listenerCount('error'),
      stderr: process.stderr.listenerCount('error'),
    };
    for (const run of RUNS) await runCli(run.args, { input: run.input, env: run.env, cwd: run.cwd });
    expect({
      exitCode: process.exitCode,
      sigint: process.listenerCount('SIGINT'),
      sigterm: process.listenerCount('SIGTERM'),
      stdout: process.stdout.listenerCount('error'),
      stderr: process.stderr.listenerCount('error'),
    }).toEqual(before);
  });

  it('runs many times in one process, concurrently, each run with its own output', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runCli(['compile', `BotScore lt ${i + 1}`])));
    results.forEach((result, i) => {
      expect(result).toEqual({ code: 0, stdout: `{"where":{"key":"BotScore","operator":"lt","value":"${i + 1}"}}\n`, stderr: '' });
    });
  });
});
