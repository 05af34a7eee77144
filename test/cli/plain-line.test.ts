/**
 * The plain lines, `logfilter compile FILTER` and `logfilter check FILTER`, run without commander
 * (src/plain-line.ts; in a process, from dist/plain.cjs): each must answer exactly as `main` answers
 * it, parsing the line with commander, on every kind of filter: clean, warned, wrong, empty, a file
 * name, a dataset line, over a limit, with control characters.
 */
import { cpSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createProgram, isPlainLine, PLAIN_LINE_OPTIONS, plainLine } from '@logfilter/cli';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, DESIGN_CARD, memoryIo, runCli, spawnCli, tempFiles } from '../support/cli.js';

const many = Array.from({ length: 400 }, (_, i) => `host${i}.example.com`).join(', ');
const FILTERS = [
  DESIGN_CARD,
  'BotScore lt 30',
  'ClientCountry eq US',
  'BotScore lt 30 AND BotScore gt 50',
  'NOT (BotScore lt 30 OR ClientCountry in (us, ca))',
  'NoSuchField eq 1',
  'BotScore lt',
  'BotScore lt "thirty"',
  '',
  '   ',
  'package.json',
  'examples/no-such-filter.lf',
  '# dataset: dns_logs\nQueryName eq example.com',
  '# dataset: no_such_dataset\nBotScore lt 30',
  `ClientRequestHost in (${many})`,
  'x'.repeat(70_000),
  'ClientRequestHost eq "h\u00e9llo" AND ClientRequestPath contains "\u0007"',
  'help',
  'compile',
];

const COMMANDS = Object.keys(PLAIN_LINE_OPTIONS.commands) as Array<keyof typeof PLAIN_LINE_OPTIONS.commands>;
const line = (filter: string, command: string = 'compile') => ['node', 'logfilter', command, filter];

describe('the plain lines', () => {
  it('are `compile` or `check` and one word that is not an option, and nothing else', () => {
    expect(COMMANDS).toEqual(['compile', 'check']);
    for (const command of COMMANDS) {
      expect(isPlainLine(line(DESIGN_CARD, command))).toBe(true);
      expect(isPlainLine(line('', command))).toBe(true);
    }
    for (const argv of [
      ['node', 'logfilter', 'compile'],
      ['node', 'logfilter', 'compile', '-'],
      ['node', 'logfilter', 'compile', '--json'],
      ['node', 'logfilter', 'compile', '-o', 'pretty'],
      ['node', 'logfilter', 'compile', 'a.lf', 'b.lf'],
      ['node', 'logfilter', '--no-color', 'compile', 'BotScore lt 30'],
      ['node', 'logfilter', 'check', '--json'],
      ['node', 'logfilter', 'check', '--max-warnings', '0'],
      ['node', 'logfilter', 'fmt', 'BotScore lt 30'],
      ['node', 'logfilter', 'decompile', 'BotScore lt 30'],
    ])
      expect(isPlainLine(argv), argv.join(' ')).toBe(false);
  });

  it("run with the options commander gives the command's action on that line", async () => {
    for (const command of COMMANDS) {
      const { io } = memoryIo();
      const { program } = createProgram(line(DESIGN_CARD, command), io);
      await program.parseAsync(line(DESIGN_CARD, command));
      expect(program.opts()).toEqual(PLAIN_LINE_OPTIONS.globals);
      expect(program.commands.find((defined) => defined.name() === command)?.opts()).toEqual(PLAIN_LINE_OPTIONS.commands[command]);
    }
  });

  it('answer every filter as main does: exit code, stdout and stderr', async () => {
    for (const command of COMMANDS) {
      for (const filter of FILTERS) {
        const { io, stdout, stderr } = memoryIo();
        const code = await plainLine(line(filter, command), io);
        const plain = { code, stdout: stdout(), stderr: stderr() };
        expect(plain, `${command} ${JSON.stringify(filter.slice(0, 60))}`).toEqual(await runCli([command, filter]));
      }
    }
  });

  it('say a line that is not plain is an internal error, as any other one', async () => {
    const { io, stderr } = memoryIo();
    expect(await plainLine(['node', 'logfilter', 'compile', '--json'], io)).toBe(70);
    expect(stderr()).toMatch(/^logfilter: internal error: not a plain line: compile --json\n/);
  });

  it('run from the plain bundle in a process, and no other line does', async () => {
    for (const command of COMMANDS) {
      for (const filter of [DESIGN_CARD, 'NoSuchField eq 1', 'ClientCountry eq US', 'package.json', '']) {
        expect(await spawnCli([command, filter]), `${command} ${filter}`).toEqual(await runCli([command, filter]));
      }
    }
    // A copy with only the plain bundle: a plain line runs, any other asks for the bundle it needs.
    const copy = tempFiles('cli-plain').dir;
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_BIN, '..', '..', part), join(copy, part), { recursive: true });
    rmSync(join(copy, 'dist/logfilter.cjs'));
    rmSync(join(copy, 'dist/language.cjs'));
    const run = (...args: string[]) => spawnSync(process.execPath, [join(copy, 'bin/logfilter.cjs'), ...args], { encoding: 'utf8' });
    expect(run('compile', 'BotScore lt 30').stdout).toBe('{"where":{"key":"BotScore","operator":"lt","value":"30"}}\n');
    expect(run('check', 'BotScore lt 30')).toMatchObject({ status: 0, stderr: expect.stringMatching(/^ok: /) });
    for (const args of [
      ['compile', '-'],
      ['compile', '-o', 'json', 'BotScore lt 30'],
      ['compile', 'a', 'b'],
      ['--no-color', 'compile', 'BotScore lt 30'],
      ['check', '--max-warnings', '0', 'BotScore lt 30'],
    ]) {
      expect(run(...args).stderr, args.join(' ')).toMatch(/(language|logfilter)\.cjs/);
    }
  });
});
