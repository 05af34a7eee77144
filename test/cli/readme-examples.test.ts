/**
 * Issue 12 item 1: no README example may rot. Every `logfilter ...` command line of the README's
 * code blocks and of the documentation pages its sections moved to (test/support/docs-pages.ts) runs here, in order, as a user pastes it (through a shell, with `logfilter` on the
 * PATH as the built bin), the service commands against an emulator; and every filter under
 * examples/ compiles cleanly.
 */
import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, REPO_ROOT, runCli, tempFiles } from '../support/cli.js';
import { readmeAndDocs } from '../support/docs-pages.js';
import { cliEnv, emulator, ZONE } from '../support/emulator.js';

const COMMAND = /^(?:npx --yes pnpm@\S+ install && npx --yes pnpm@\S+ exec |pnpm exec )?logfilter\s|\| logfilter\s|^printf /;
/** Synopsis lines name placeholders (`[FILTER]`, `DATASET`, `...`): they describe, they do not run. */
const SYNOPSIS = /\[|\.\.\.|\|-|(?<![$\w-])[A-Z][A-Z_]+(?!\w)/;
/** The account the README's account flow sets (`ACCOUNT=...`, a shell line, not a `logfilter` one). */
const README_ACCOUNT = '01a7362d577a6c3019a474fd6f485823';

/** The examples that show a failure on purpose, with the exit code and what they print. */
const SHOWS_AN_ERROR: Record<string, { code: number; stderr: string }> = {
  'logfilter custom-fields check rules.json': { code: 1, stderr: 'error[header-not-lower-case]' },
  'logfilter check --terraform examples/terraform/': { code: 1, stderr: 'error[unknown-operator]' },
  "logfilter jobs create --zone $ZONE --name workers --destination 's3://my-bucket/workers?region=us-east-1' --dataset workers_trace_events": {
    code: 1,
    stderr: 'error[wrong-scope]',
  },
  // They differ: exit 1, the relation and the witness on stdout.
  "logfilter diff 'ClientRequestPath startsWith /api/' 'ClientRequestPath startsWith /api'": { code: 1, stderr: '' },
};

/** Servers run until stopped (the README's own flow starts the emulator in the background with `&`). */
const RUNS_UNTIL_STOPPED = /^(?:pnpm exec )?logfilter (?:emulator|lsp)\b/;

/** The README's indented code lines that run `logfilter` (continuations joined), in order. */
export function readmeCommands(readme: string): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const line of readme.split('\n')) {
    if (!line.startsWith('    ')) continue;
    const text = pending + line.trim();
    if (text.endsWith('\\')) {
      pending = `${text.slice(0, -1).trimEnd()} `;
      continue;
    }
    pending = '';
    const unquoted = text.replace(/'[^']*'/g, "''");
    if (COMMAND.test(text) && !SYNOPSIS.test(unquoted) && !RUNS_UNTIL_STOPPED.test(text))
      commands.push(text.replace(/^npx .* exec logfilter/, 'logfilter').replace(/pnpm exec logfilter/g, 'logfilter'));
  }
  return commands;
}

function shell(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-o', 'pipefail', '-c', command], { cwd, env }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the README examples', () => {
  const readme = readmeAndDocs();
  const commands = readmeCommands(readme);

  it('finds the examples (the extraction itself is checked)', () => {
    expect(commands[0]).toBe("logfilter compile 'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)'");
    expect(commands).toContain('logfilter compile -f examples/api-errors.lf -o string');
    expect(commands.some((command) => command.startsWith('logfilter jobs create --zone $ZONE --name web-errors --destination'))).toBe(true);
    expect(commands.filter((command) => command.includes('[FILTER]'))).toEqual([]);
  });

  it('shows code frames as the CLI prints them: a JSON Pointer on the message line, the location alone after -->', () => {
    const pointers = readme.split('\n').filter((line) => /^\s+--> /.test(line));
    expect(pointers.length).toBeGreaterThan(3);
    for (const line of pointers) expect(line).toMatch(/^\s+--> \S+$/);
  });

  it('each runs as pasted and succeeds (or shows the error it is there to show)', { timeout: 120_000 }, async () => {
    const { dir, file } = tempFiles('readme');
    symlinkSync(join(REPO_ROOT, 'examples'), join(dir, 'examples'));
    const shim = file('logfilter', `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    const server = await emulator();
    const env = { ...process.env, ...cliEnv(server), PATH: `${dir}:${process.env.PATH}`, ZONE, ACCOUNT: README_ACCOUNT, NO_COLOR: '1' };
    for (const command of commands) {
      const result = await shell(command, dir, env);
      const expected = SHOWS_AN_ERROR[command] ?? { code: 0, stderr: '' };
      expect({ command, code: result.code }, result.stderr).toEqual({ command, code: expected.code });
      expect(result.stderr).toContain(expected.stderr);
    }
  });
});

describe('examples/', () => {
  const examples = readdirSync(join(REPO_ROOT, 'examples')).filter((name) => name.endsWith('.lf'));

  it.each(examples)('%s compiles without a diagnostic, and is formatted', async (name) => {
    const path = join(REPO_ROOT, 'examples', name);
    const directive = readFileSync(path, 'utf8').match(/^#! (.*)/)?.[1];
    const args = directive ? directive.split(' ') : [];
    const compiled = await runCli(['compile', '-f', path, ...args]);
    expect(compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
    expect(await runCli(['fmt', '--check', '-f', path])).toMatchObject({ code: 0 });
  });
});
