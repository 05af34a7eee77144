/**
 * The program holds only the module of the command its arguments name (a shorter start); with no
 * command, `help`, or an unknown word it holds every command, for help and suggestions.
 */
import { COMMANDS, createProgram } from '@logfilter/cli';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

type Program = ReturnType<typeof createProgram>['program'];
const namesOf = (program: Program) => program.commands.map((command) => command.name());
const argv = (...words: string[]) => ['node', 'logfilter', ...words];
const ALL = COMMANDS.flatMap(([names]) => names);

describe('the command table', () => {
  it.each(COMMANDS.map(([names, register]) => [names.join(', '), names, register] as const))(
    'the module of %s adds exactly those commands',
    (_label, names, register) => {
      const { program: full, context } = createProgram();
      const program = full.createCommand('logfilter');
      register(program, context);
      expect(namesOf(program)).toEqual(names);
    },
  );

  it('holds every command once', () => {
    expect(new Set(ALL).size).toBe(ALL.length);
    expect(namesOf(createProgram().program).sort()).toEqual([...ALL].sort());
  });
});

describe('which commands a run defines', () => {
  it.each([
    [['compile', 'x eq 1'], ['compile']],
    [['check', '-f', 'a.lf'], ['check']],
    [
      ['--catalog', 'fields.json', 'fields', 'http_requests'],
      ['catalog', 'datasets', 'fields'],
    ],
    [['--no-color', '--base-url', 'http://127.0.0.1:1', 'jobs', 'list'], ['jobs']],
    [['operators'], ['explain', 'operators']],
    [['tail', '--zone', 'z', 'EdgeResponseStatus geq 500'], ['tail']],
  ])('%j defines %j', (words, expected) => {
    expect(namesOf(createProgram(argv(...words)).program)).toEqual(expected);
  });

  it.each([[[]], [['--help']], [['help', 'jobs']], [['compil', 'x eq 1']], [['--catalog', 'compile']]])('%j defines them all', (words) => {
    expect(namesOf(createProgram(argv(...words)).program).sort()).toEqual([...ALL].sort());
  });

  it('still lists every command in the help and suggests the one meant', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const name of ALL) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    const typo = await runCli(['compil', 'x eq 1']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('(Did you mean compile?)');
  });
});
