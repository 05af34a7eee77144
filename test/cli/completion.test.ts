/**
 * `logfilter completion bash|zsh|fish`: the script each shell loads, asked for completions as the
 * shell asks them (COMP_WORDS/COMP_CWORD for bash and zsh, `complete -C` for fish).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '@logfilter/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, runCli, tempFiles } from '../support/cli.js';

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
const files = tempFiles('completion');
const scripts: Record<string, string> = {};

beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell]);
    expect(result.code).toBe(0);
    scripts[shell] = files.file(`logfilter.${shell}`, result.stdout);
  }
});

/** The completions bash (or zsh, through its bash layer) offers for the words, the last one being completed. */
function completions(shell: 'bash' | 'zsh', words: string[]): string[] {
  const program = join(files.dir, 'logfilter-run');
  writeFileSync(program, `logfilter() { "${process.execPath}" "${CLI_BIN}" "$@"; }\n`);
  const quoted = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const zshArrays = shell === 'zsh' ? 'setopt ksharrays; ' : '';
  const script = `source ${program}; source ${scripts[shell]}; ${zshArrays}COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _logfilter; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const output = execFileSync(shell, ['-c', script], { encoding: 'utf8' });
  // zsh's compgen leaves filtering by the typed prefix to compadd; do it as the shell would.
  // A quoted filter's completions leave the opening quote out (readline keeps it on the line).
  const typed = words.at(-1)!.replace(/^['"]/, '');
  return output.split('\n').filter((word) => word !== '' && word.startsWith(typed));
}

describe('logfilter completion bash', () => {
  it('completes command names, options, option choices and subcommands', () => {
    expect(completions('bash', ['logfilter', 'com'])).toEqual(['compile', 'completion']);
    expect(completions('bash', ['logfilter', 'compile', '--da'])).toEqual(['--dataset']);
    expect(completions('bash', ['logfilter', 'check', '--format', 's'])).toEqual(['sarif']);
    expect(completions('bash', ['logfilter', 'jobs', 'l'])).toEqual(['list']);
    expect(completions('bash', ['logfilter', 'jobs', 'list', '--zone', 'z1', '--a'])).toEqual(['--account']);
  });

  it('completes dataset names after -d and --dataset, and as the argument of fields', () => {
    expect(completions('bash', ['logfilter', 'compile', '-d', 'dn'])).toEqual(['dns_firewall_logs', 'dns_logs']);
    expect(completions('bash', ['logfilter', 'test', '--dataset', 'firewall_ev'])).toEqual(['firewall_events', 'firewall_events@account']);
    expect(completions('bash', ['logfilter', 'fields', 'http_req'])).toEqual(['http_requests']);
  });

  it('completes field names of the -d dataset where the filter goes, asking `logfilter fields`', () => {
    expect(completions('bash', ['logfilter', 'compile', '-d', 'dns_logs', 'Query'])).toEqual(['QueryName', 'QueryType']);
    expect(completions('bash', ['logfilter', 'explain', 'BotSc'])).toEqual(['BotScore', 'BotScoreSrc']);
  });

  it('completes the field being typed inside a quoted filter, after its first word', () => {
    expect(completions('bash', ['logfilter', 'compile', "'ClientCountry eq us AND BotSc"])).toEqual([
      'ClientCountry eq us AND BotScore',
      'ClientCountry eq us AND BotScoreSrc',
    ]);
    expect(completions('bash', ['logfilter', 'check', '-d', 'dns_logs', '"QueryType eq A AND (Query'])).toEqual([
      'QueryType eq A AND (QueryName',
      'QueryType eq A AND (QueryType',
    ]);
    expect(completions('bash', ['logfilter', 'compile', "'BotSc"])).toEqual(['BotScore', 'BotScoreSrc']);
  });

  it('holds every command of the program and every option of each (it is made from their definitions)', async () => {
    const script = await runCli(['completion', 'bash']);
    for (const name of COMMANDS.flatMap(([names]) => names)) expect(script.stdout).toMatch(new RegExp(`^    '${name}'\\)`, 'm'));
    const help = await runCli(['fmt', '--help']);
    const flags = [...help.stdout.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((match) => match[1]);
    expect(flags.length).toBeGreaterThan(3);
    for (const flag of flags) expect(completions('bash', ['logfilter', 'fmt', flag])).toContain(flag);
  });

  it('refuses a shell it does not know, with the ones it knows', async () => {
    const result = await runCli(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no completion for shell 'powershell': choose one of bash, zsh, fish");
  });
});

describe.skipIf(!has('zsh'))('logfilter completion zsh (skipped when zsh is not installed)', () => {
  it('passes zsh -n and completes through bashcompinit', () => {
    expect(spawnSync('zsh', ['-n', scripts.zsh]).status).toBe(0);
    expect(completions('zsh', ['logfilter', 'com'])).toEqual(['compile', 'completion']);
    expect(completions('zsh', ['logfilter', 'compile', '-d', 'dns_l'])).toEqual(['dns_logs']);
    expect(completions('zsh', ['logfilter', 'compile', '-d', 'dns_logs', 'QueryN'])).toEqual(['QueryName']);
    expect(completions('zsh', ['logfilter', 'compile', "'ClientCountry eq us AND BotSc"])).toEqual([
      'ClientCountry eq us AND BotScore',
      'ClientCountry eq us AND BotScoreSrc',
    ]);
  });
});

describe.skipIf(!has('fish'))('logfilter completion fish (skipped when fish is not installed)', () => {
  const fish = (line: string) =>
    execFileSync('fish', ['-c', `source ${scripts.fish}; complete -C '${line}'`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.split('\t')[0]);

  it('passes fish -n and completes commands, options, subcommands and datasets', () => {
    expect(spawnSync('fish', ['-n', scripts.fish]).status).toBe(0);
    expect(fish('logfilter com')).toEqual(['compile', 'completion']);
    expect(fish('logfilter compile --datas')).toEqual(['--dataset']);
    expect(fish('logfilter jobs l')).toEqual(['list']);
    expect(fish('logfilter compile -d dns_l')).toEqual(['dns_logs']);
    expect(fish('logfilter fields http_req')).toEqual(['http_requests']);
  });
});
