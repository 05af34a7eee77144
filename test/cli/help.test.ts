/** What `--help` says: examples, the exit codes as io.ts defines them, and help wrapped to the terminal's width. */
import { EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '@logfilter/cli';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

describe('logfilter --help', () => {
  it('ends with examples and the exit codes, each code the one the CLI returns', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\nExamples:\n {2}logfilter compile /);
    const codes = [...help.stdout.slice(help.stdout.indexOf('Exit codes:')).matchAll(/^ {2}(\d+) +(.+)$/gm)].map((match) => [Number(match[1]), match[2]]);
    expect(codes.map(([code]) => code)).toEqual([EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL]);
    expect(codes[2][1]).toMatch(/^usage/);
    // The codes as a run returns them.
    expect((await runCli(['compile', 'BotScore lt 30'])).code).toBe(EXIT_OK);
    expect((await runCli(['compile', 'BotScore lt'])).code).toBe(EXIT_INVALID);
    expect((await runCli(['compile', '--no-such-option'])).code).toBe(EXIT_USAGE);
  });

  it.each(['compile', 'check', 'test', 'jobs'])('`%s --help` has at least one example of that command', async (command) => {
    const help = await runCli([command, '--help']);
    expect(help.code).toBe(0);
    const examples = help.stdout.slice(help.stdout.indexOf('\nExamples:\n'));
    expect(examples).toMatch(new RegExp(`^ {2}(.*\\| )?logfilter ${command} `, 'm'));
  });

  it.each([
    ['80', 80],
    ['100', 100],
    ['', 80],
  ])('`help jobs` with COLUMNS=%j is wrapped to %i columns', async (columns, width) => {
    const help = await runCli(['help', 'jobs'], { env: { COLUMNS: columns } });
    expect(help.code).toBe(0);
    const lines = help.stdout.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(width);
    // The descriptions are wrapped, not cut: each word of a long one is still there.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('pass its token to jobs create --ownership-challenge');
  });
});
