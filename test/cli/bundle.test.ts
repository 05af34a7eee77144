/**
 * What a `logfilter` run loads: the CLI's bundle carries neither the 38 dataset catalogs (only the
 * default one, already read) nor the language server, reads only the catalog file of the dataset it
 * uses, and leaves Node's child process, readline and zlib modules unloaded on a compile.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinCatalog, DEFAULT_DATASET } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, DESIGN_CARD, runCli, spawnCli, tempFiles } from '../support/cli.js';

const CLI_DIR = join(CLI_BIN, '..', '..');
const bundle = readFileSync(join(CLI_DIR, 'dist/logfilter.cjs'), 'utf8');

describe('the CLI bundle', () => {
  it('carries no dataset catalog and no language server', () => {
    // A field only dns_logs has, one only workers_trace_events has, and a capability only the server
    // announces (not a method name: the example of document-too-large is an editor's session).
    for (const text of ['QueryName', 'ScriptTags', 'semanticTokensProvider']) expect(bundle).not.toContain(text);
    expect(readFileSync(join(CLI_DIR, 'dist/lsp.cjs'), 'utf8')).toContain('semanticTokensProvider');
    expect(readdirSync(join(CLI_DIR, 'dist/catalog'))).toHaveLength(38);
  });

  it('carries no Chevrotain (the grammar reference of the tests): the parser is hand-written', () => {
    for (const file of ['logfilter.cjs', 'language.cjs', 'plain.cjs', 'lsp.cjs']) {
      const text = readFileSync(join(CLI_DIR, 'dist', file), 'utf8');
      for (const name of ['performSelfAnalysis', 'EmbeddedActionsParser', 'NOT_APPLICABLE']) expect(text, `${file} holds ${name}`).not.toContain(name);
    }
  });

  it('reads the catalog file of the dataset it compiles for, and no other', () => {
    const copy = tempFiles('cli-copy').dir;
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    for (const file of readdirSync(join(copy, 'dist/catalog'))) if (file !== 'dns_logs.json') rmSync(join(copy, 'dist/catalog', file));
    const run = spawnSync(process.execPath, [join(copy, 'bin/logfilter.cjs'), 'compile', '-d', 'dns_logs', 'QueryName eq example.com'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('{"where":{"key":"QueryName","operator":"eq","value":"example.com"}}\n');
  });

  it('runs compile, check, fmt and --version from the language bundle alone, and every other command from the full one', () => {
    const copy = tempFiles('cli-language').dir;
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    rmSync(join(copy, 'dist/logfilter.cjs'));
    const bin = join(copy, 'bin/logfilter.cjs');
    const compile = spawnSync(process.execPath, [bin, '--catalog', join(copy, 'dist/catalog/http_requests.json'), 'compile', 'BotScore lt 30'], {
      encoding: 'utf8',
    });
    expect(compile.stderr).toBe('');
    expect(compile.stdout).toBe('{"where":{"key":"BotScore","operator":"lt","value":"30"}}\n');
    expect(spawnSync(process.execPath, [bin, 'check', '-d', 'http_requests', 'BotScore lt 30'], { encoding: 'utf8' }).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, 'fmt', '-'], { input: 'BotScore  lt 30', encoding: 'utf8' }).stdout).toBe('BotScore lt 30\n');
    // `--version` alone defines no command (src/main.ts), and is answered there too.
    const version = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')).version;
    for (const flag of ['--version', '-V'])
      expect(spawnSync(process.execPath, [bin, flag], { encoding: 'utf8' })).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
    // Any other command needs the full bundle, removed from this copy.
    expect(spawnSync(process.execPath, [bin, 'explain', 'BotScore lt 30'], { encoding: 'utf8' }).stderr).toMatch(/logfilter\.cjs/);
    // The language bundle carries no other command: none of the emulator's or the SQL writer's text.
    const language = readFileSync(join(CLI_DIR, 'dist/language.cjs'), 'utf8');
    expect(language.length).toBeLessThan(bundle.length * 0.75);
    for (const text of ['--replay', 'json_extract']) {
      expect(bundle).toContain(text);
      expect(language).not.toContain(text);
    }
  });

  it('runs what compile and check do beyond filter text from the full bundle, as the process runs it', async () => {
    // The solver's encoding, the Terraform reader, and the filter JSON reader with the JSON part of
    // core's message table: none in the language bundle.
    const language = readFileSync(join(CLI_DIR, 'dist/language.cjs'), 'utf8');
    for (const text of ['is not modelled', 'resource "', 'tooDeepJson', 'andAndOr']) {
      expect(bundle).toContain(text);
      expect(language, text).not.toContain(text);
    }
    const beyondText = [
      ['compile', '-o', 'hcl', 'BotScore lt 30'],
      ['compile', '--output=hcl', 'BotScore lt 30'],
      ['check', '--from-json', '{"where":{"key":"BotScore","operator":"lt","value":"30"}}'],
      ['check', '--terraform', 'examples/terraform'],
      ['check', '--terraform-plan=examples/no-such-plan.json'],
      ['check', '--deep', 'BotScore lt 30 AND BotScore gt 50'],
    ];
    // A file name given as the filter, and fmt's not-formatted: worded from the input part of core's table.
    for (const args of [...beyondText, ['compile', 'package.json'], ['fmt', '--check', '-']]) {
      const input = args[0] === 'fmt' ? 'BotScore  lt 30' : undefined;
      const spawned = await spawnCli(args, { input });
      expect(spawned.stderr).not.toContain('internal error');
      expect(spawned, args.join(' ')).toEqual(await runCli(args, { input }));
    }
    // Without the full bundle, each of those lines asks for it: the language bundle does not run them.
    const copy = tempFiles('cli-beyond-text').dir;
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    rmSync(join(copy, 'dist/logfilter.cjs'));
    for (const args of beyondText) {
      const run = spawnSync(process.execPath, [join(copy, 'bin/logfilter.cjs'), ...args], { encoding: 'utf8' });
      expect(run.stderr, args.join(' ')).toMatch(/logfilter\.cjs/);
    }
  });

  it('holds the default dataset already read: the same dataset as its catalog file read with --catalog', () => {
    // Every field of http_requests in one filter: its kind, filterability and deprecation each show
    // in check's diagnostics. The plain line, the language bundle and the full one each hold it ready.
    const fields = builtinCatalog().get(DEFAULT_DATASET)!.fields;
    const filter = fields.map((field) => `${field.name} eq 1`).join(' OR ');
    const file = join(CLI_DIR, 'dist/catalog', `${DEFAULT_DATASET}.json`);
    const run = (args: string[]) => spawnSync(process.execPath, [CLI_BIN, ...args], { encoding: 'utf8' });
    for (const args of [
      ['check', filter],
      ['check', '--format', 'json', filter],
      ['fields', '--json', DEFAULT_DATASET],
    ]) {
      const ready = run(args);
      expect(ready.stdout + ready.stderr, args[0]).toMatch(/deprecated|"fields"/);
      const { status, stdout, stderr } = run(['--catalog', file, ...args]);
      expect({ status, stdout, stderr }, args.join(' ').slice(0, 40)).toEqual({ status: ready.status, stdout: ready.stdout, stderr: ready.stderr });
    }
    expect(run(['fields', '--json', DEFAULT_DATASET]).stdout).toContain(`"name":"${fields[0].name}"`);
  });

  it('names its code caches by the build id of each bundle, the hash of its text: a text of the same length runs as written', () => {
    const WRAPPER = '(function (exports, require, module, __filename, __dirname) {/*build:';
    for (const file of ['logfilter.cjs', 'language.cjs', 'plain.cjs']) {
      const text = readFileSync(join(CLI_DIR, 'dist', file), 'utf8');
      expect(text.startsWith(WRAPPER), file).toBe(true);
      const id = text.slice(WRAPPER.length, WRAPPER.length + 16);
      expect(
        createHash('sha256')
          .update(text.replace(id, 'x'.repeat(16)))
          .digest('hex')
          .slice(0, 16),
        file,
      ).toBe(id);
      expect(readdirSync(join(CLI_DIR, 'dist')), file).toContain(`${file}.${process.version}-${process.arch}-${id}.cache`);
    }
    // V8 takes a cache for any text of the length it was made for, and runs the code it holds: a
    // later release's bundle of the same length (another build id) must not run an earlier one's.
    const copy = tempFiles('cli-same-length').dir;
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    const compile = () => spawnSync(process.execPath, [join(copy, 'bin/logfilter.cjs'), 'compile', 'BotScore lt 30'], { encoding: 'utf8' }).stdout;
    expect(compile()).toBe('{"where":{"key":"BotScore","operator":"lt","value":"30"}}\n');
    const plain = join(copy, 'dist/plain.cjs');
    const text = readFileSync(plain, 'utf8');
    const id = text.slice(WRAPPER.length, WRAPPER.length + 16);
    const next = text.replace(id, 'f'.repeat(16)).replace('{"key":', '{"KEY":');
    expect(next).toHaveLength(text.length);
    writeFileSync(plain, next);
    expect(compile()).toBe('{"where":{"KEY":"BotScore","operator":"lt","value":"30"}}\n');
  });

  it("calls few of Node's own functions on a plain compile: each is compiled from its source when first called", () => {
    // V8 logs each function's first run (--log-function-events). V8 also rejects a code cache made
    // under other flags (the log file's name among them), so the runs are of a copy, whose cache the
    // first of them rewrites for the second to run from, as an ordinary run does.
    const dir = tempFiles('node-functions').dir;
    const copy = join(dir, 'cli');
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    const empty = join(dir, 'empty.cjs');
    writeFileSync(empty, '');
    /** The functions of Node's own modules that a run of `node ARGS` calls, as `module:offset name`. */
    const nodeFunctions = (args: string[]): Set<string> => {
      const log = join(dir, 'functions.log');
      const run = spawnSync(process.execPath, ['--log-function-events', `--logfile=${log}`, '--no-logfile-per-isolate', ...args], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const scripts = new Map<string, string>();
      const called = new Set<string>();
      for (const line of readFileSync(log, 'utf8').split('\n')) {
        const fields = line.split(',');
        if (fields[0] === 'script-details') scripts.set(fields[1], fields[2]);
        const script = scripts.get(fields[2]) ?? '';
        if (fields[0] === 'function' && fields[1] === 'first-execution' && script.startsWith('node:'))
          called.add(`${script}:${fields[3]} ${fields.slice(7).join(',')}`);
      }
      return called;
    };
    const compile = [join(copy, 'bin/logfilter.cjs'), 'compile', DESIGN_CARD];
    nodeFunctions(compile);
    const alone = nodeFunctions([empty]);
    const added = [...nodeFunctions(compile)].filter((name) => !alone.has(name));
    // 24 on Node 20.20: node:vm's Script and runInThisContext (with their validators), the cache's
    // open, read and close, process.cwd, the answer's write. Buffer.from, path.join or require in
    // their place would each add several.
    expect(added.length, added.join('\n')).toBeLessThanOrEqual(26);
  });

  it('makes a code cache that holds a good compile whatever the first line was (src/warm-up.ts)', () => {
    // The package ships no cache: a user's first run makes it, and a cache lacks what had not run
    // when it was taken. Each function it lacks is compiled from its source on every run after,
    // which V8 logs as parse-function (--log-function-events; a cache made under other flags is
    // rejected, so the first run here makes one under the same flags, as an ordinary first run does).
    const dir = tempFiles('warm-up').dir;
    const copy = join(dir, 'cli');
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(CLI_DIR, part), join(copy, part), { recursive: true });
    for (const file of readdirSync(join(copy, 'dist'))) if (file.endsWith('.cache')) rmSync(join(copy, 'dist', file));
    const log = join(dir, 'functions.log');
    const run = (args: string[]) => {
      const ran = spawnSync(
        process.execPath,
        ['--log-function-events', `--logfile=${log}`, '--no-logfile-per-isolate', join(copy, 'bin/logfilter.cjs'), ...args],
        {
          encoding: 'utf8',
        },
      );
      return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
    };
    /** How many of `bundle`'s functions the last run compiled from their source. */
    const compiledFromSource = (bundle: string): number => {
      let script: string | undefined;
      let count = 0;
      for (const line of readFileSync(log, 'utf8').split('\n')) {
        const fields = line.split(',');
        if (fields[0] === 'script-details' && fields[2].endsWith(`${bundle}`)) script = fields[1];
        if (fields[0] === 'function' && fields[1] === 'parse-function' && fields[2] === script) count++;
      }
      expect(script, `${bundle} ran`).toBeDefined();
      return count;
    };
    for (const [bundle, options] of [
      ['plain.cjs', []],
      ['language.cjs', ['-o', 'pretty']],
    ] as const) {
      // The first line has a typo: its answer is as with a cache, the warm-up writing nothing.
      const typo = run(['compile', ...options, 'BotScroe lt 30']);
      expect(readdirSync(join(copy, 'dist')).filter((file) => file.startsWith(`${bundle}.`) && file.endsWith('.cache'))).toHaveLength(1);
      expect(typo).toEqual(run(['compile', ...options, 'BotScroe lt 30']));
      expect(typo.status).toBe(1);
      expect(typo.stdout).toBe('');
      expect(typo.stderr).toContain("error[unknown-field]: unknown field 'BotScroe'");
      expect(run(['compile', ...options, DESIGN_CARD]).status).toBe(0);
      expect(compiledFromSource(bundle), bundle).toBe(0);
    }
  });

  it('says which Node.js it needs, with no stack trace, on a Node.js too old for it', () => {
    // Node.js before 20.16 has no process.getBuiltinModule, the first thing the bin asks of it.
    const preload = join(tempFiles('old-node').dir, 'old.cjs');
    writeFileSync(preload, 'delete process.getBuiltinModule;\n');
    const run = spawnSync(process.execPath, ['--require', preload, CLI_BIN, 'compile', 'BotScore lt 30'], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: `logfilter: needs Node.js 20.19 or later; this is Node.js ${process.version}\n`,
    });
  });

  it('loads no child process, readline or zlib module to compile', () => {
    const preload = join(tempFiles('preload').dir, 'loaded.cjs');
    writeFileSync(preload, "process.on('exit', () => process.stderr.write(process.moduleLoadList.join('\\n')));\n");
    const run = spawnSync(process.execPath, ['--require', preload, CLI_BIN, 'compile', 'BotScore lt 30'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const loaded = run.stderr.split('\n');
    expect(loaded).toContain('NativeModule fs');
    for (const name of ['child_process', 'readline', 'zlib']) expect(loaded).not.toContain(`NativeModule ${name}`);
  });
});
