/**
 * The published packages, installed as a user would: every public package packed once and
 * published to a registry on 127.0.0.1, then plain npm with nothing installed (fresh HOME, cache
 * and prefix) runs `npm i -g @logfilter/cli` (the README's first install line) and each kind of
 * command, `npx @logfilter/cli`, DuckDB as the optional extra, the CLI under Node 22 and 24 (the
 * registry's `node` package), and the libraries in a fresh project: ESM import, types under
 * module node16, browser bundles of @logfilter/core and @logfilter/solver, the solver (with its
 * optional peer z3-solver) and the language server (over stdio pipes) from plain Node scripts.
 * Third-party packages come from the npm registry.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../support/cli.js';
import { lspInitialize, ok, project, readJson, run, startWorld, type World } from './registry.js';

const MINUTES = 60_000;
const FILTER = 'ClientCountry in (us, ca) AND BotScore lt 30';
const LINES = [
  { ClientCountry: 'us', BotScore: 5 },
  { ClientCountry: 'ca', BotScore: 50 },
  { ClientCountry: 'fr', BotScore: 1 },
  { ClientCountry: 'ca', BotScore: 29 },
].map((record) => JSON.stringify(record));
const LET_THROUGH = LINES.filter((line) => {
  const { ClientCountry, BotScore } = JSON.parse(line);
  return ['us', 'ca'].includes(ClientCountry) && BotScore < 30;
});

let world: World;
let logs: string;
/** Started at once, awaited by the test that needs it: the slow downloads overlap. */
let nodes: Record<'22' | '24', Promise<string>>;
let libraries: Promise<string>;

beforeAll(async () => {
  world = await startWorld();
  logs = join(world.root, 'logs.ndjson');
  writeFileSync(logs, `${LINES.join('\n')}\n`);
  const installNode = async (major: '22' | '24') => {
    const dir = project(world, `node${major}`);
    await ok(run('npm', ['install', `node@${major}`], { env: world.env, cwd: dir }), `npm install node@${major}`);
    return join(dir, 'node_modules', '.bin');
  };
  nodes = { '22': installNode('22'), '24': installNode('24') };
  libraries = (async () => {
    const dir = project(world, 'app');
    // @types/node as any Node project has it: @logfilter/api and @logfilter/emulator are Node libraries.
    // z3-solver, the optional peer of @logfilter/solver, as a user of the solver installs it.
    const names = [
      '@logfilter/core',
      '@logfilter/api',
      '@logfilter/emulator',
      '@logfilter/codemirror',
      '@logfilter/language-server',
      '@logfilter/solver',
      'z3-solver@5.2.0',
      '@logfilter/terraform',
      '@types/node@20',
    ];
    await ok(run('npm', ['install', ...names], { env: world.env, cwd: dir }), 'npm install of the libraries');
    return dir;
  })();
  for (const promise of [...Object.values(nodes), libraries]) promise.catch(() => {}); // reported by the test that awaits it
  await ok(run('npm', ['install', '-g', '@logfilter/cli'], { env: world.env, cwd: world.root }), 'npm install -g @logfilter/cli');
}, 5 * MINUTES);

afterAll(() => world?.stop());

const logfilter = (args: string[], input?: string, path?: string) =>
  run('logfilter', args, { env: path ? { ...world.env, PATH: `${path}:${world.env.PATH}` } : world.env, cwd: world.root, input });

describe('npm install -g @logfilter/cli', () => {
  it('installs the bundle alone: no dependencies, no unbundled files, no code cache of another Node', () => {
    const cli = join(world.globalModules, '@logfilter', 'cli');
    expect(existsSync(join(cli, 'node_modules'))).toBe(false);
    expect(readdirSync(world.globalModules).filter((name) => name !== '@logfilter')).toEqual([]);
    expect(readdirSync(join(cli, 'dist')).sort()).toEqual(
      expect.arrayContaining(['catalog', 'language.cjs', 'logfilter.cjs', 'lsp.cjs', 'plain.cjs', 'test-worker.cjs', 'ws.cjs']),
    );
    expect(readdirSync(join(cli, 'dist')).filter((file) => file.endsWith('.js') || file.endsWith('.map'))).toEqual([]);
    expect(existsSync(join(cli, 'LICENSE'))).toBe(true);
    expect(existsSync(join(cli, 'README.md'))).toBe(true);
  });

  it('compiles, as the workspace CLI does, and makes its code cache for this Node on the first run', async () => {
    const expected = await runCli(['compile', FILTER]);
    const installed = await logfilter(['compile', FILTER]);
    expect(installed).toMatchObject({ code: 0, stdout: expected.stdout });
    expect(JSON.parse(installed.stdout).where).toBeDefined();
    const dist = join(world.globalModules, '@logfilter', 'cli', 'dist');
    // A plain compile line runs from the plain bundle (dist/plain.cjs), with its own code cache;
    // a compile with an option from the language bundle (dist/language.cjs), with another.
    expect(readdirSync(dist).filter((file) => file.startsWith(`plain.cjs.${process.version}-`))).toHaveLength(1);
    expect(await logfilter(['compile', '-o', 'pretty', FILTER])).toMatchObject({ code: 0, stdout: (await runCli(['compile', '-o', 'pretty', FILTER])).stdout });
    expect(readdirSync(dist).filter((file) => file.startsWith(`language.cjs.${process.version}-`))).toHaveLength(1);
    expect((await logfilter(['--version'])).stdout.trim()).toBe(readJson(join(REPO_ROOT, 'packages', 'cli', 'package.json')).version);
  });

  it('checks: exit 0 for a good filter, 1 with a diagnostic for a bad one', async () => {
    expect((await logfilter(['check', FILTER])).code).toBe(0);
    const bad = await logfilter(['check', 'clientcountry eq us']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('ClientCountry');
  });

  it('tests log lines with the default engine', async () => {
    expect(await logfilter(['test', '--logs', logs, FILTER])).toMatchObject({ code: 0, stdout: `${LET_THROUGH.join('\n')}\n` });
  });

  it('prints SQL', async () => {
    const sql = await logfilter(['sql', '--dialect', 'duckdb', FILTER]);
    expect(sql.code).toBe(0);
    expect(sql.stdout).toContain('BotScore');
  });

  it('answers initialize over stdio (lsp)', async () => {
    const initialize = await lspInitialize('logfilter', ['lsp', '--stdio'], world.env);
    expect(initialize).toMatchObject({ capabilities: expect.any(Object) });
  });

  it('says --engine duckdb was retired, and what to use instead (exit 2)', async () => {
    const retired = await logfilter(['test', '--engine', 'duckdb', '--logs', logs, FILTER]);
    expect(retired.code).toBe(2);
    expect(retired.stderr).toContain('--engine duckdb was retired');
    expect(retired.stderr).toContain('logfilter sql --dialect duckdb');
  });

  it(
    'compares filters (diff) only once z3-solver is installed, saying so before (exit 2); one filter in another order needs none',
    async () => {
      const pair = ['diff', 'BotScore lt 30', 'BotScore leq 30'];
      const absent = await logfilter(pair);
      expect([absent.code, absent.stderr, absent.stdout]).toEqual([2, expect.stringContaining('npm install -g z3-solver'), '']);
      expect(absent.stderr).toContain('z3-solver');
      expect(absent.stderr).toContain('diff needs the z3-solver package');
      expect(absent.stderr).not.toContain('internal error');
      // Two sides that compile to one filter, or to one filter in another order: no solver is asked.
      for (const sides of [
        ['BotScore lt 30', 'NOT BotScore geq 30'],
        ['ClientCountry in (us, ca) AND BotScore lt 30', 'BotScore lt 30 AND ClientCountry in (ca, us)'],
      ]) {
        const alike = await logfilter(['diff', ...sides]);
        expect([alike.code, alike.stdout, alike.stderr]).toEqual([0, 'same meaning: every record passes both or neither\n', '']);
      }
      // Each command that needs it names itself, and how to run it with z3-solver beside it.
      const deep = await logfilter(['check', '--deep', 'BotScore lt 30 AND BotScore lt 10']);
      expect([deep.code, deep.stderr]).toEqual([0, expect.stringContaining('check --deep needs the z3-solver package')]);
      expect(deep.stderr).toContain('logfilter check --deep ...');
      const jobs = JSON.stringify([
        { id: 1, destination_conf: 's3://a/x', filter: null },
        { id: 2, destination_conf: 's3://a/x', filter: null },
      ]);
      const overlap = await logfilter(['jobs', 'overlap', '--file', '-'], jobs);
      expect([overlap.code, overlap.stderr]).toEqual([2, expect.stringContaining('jobs overlap needs the z3-solver package')]);
      await ok(run('npm', ['install', '-g', 'z3-solver@5.2.0'], { env: world.env, cwd: world.root }), 'npm install -g z3-solver');
      expect(await logfilter(pair)).toMatchObject({ code: 1, stdout: expect.stringContaining('{"BotScore":30}') });
    },
    5 * MINUTES,
  );

  it.each(['22', '24'] as const)(
    'runs under Node %s (the registry`s node package), with a code cache of its own',
    async (major) => {
      const bin = await nodes[major];
      const version = (await ok(run(join(bin, 'node'), ['--version'], { env: world.env }), 'node --version')).stdout.trim();
      expect(version.startsWith(`v${major}.`)).toBe(true);
      const expected = await runCli(['compile', FILTER]);
      for (let time = 0; time < 2; time++) expect(await logfilter(['compile', FILTER], undefined, bin)).toMatchObject({ code: 0, stdout: expected.stdout });
      const dist = join(world.globalModules, '@logfilter', 'cli', 'dist');
      expect(readdirSync(dist).filter((file) => file.startsWith(`plain.cjs.${version}-`))).toHaveLength(1);
      expect(await logfilter(['test', '--logs', logs, FILTER], undefined, bin)).toMatchObject({ code: 0, stdout: `${LET_THROUGH.join('\n')}\n` });
      // test runs from the full bundle, with a code cache of its own too.
      expect(readdirSync(dist).filter((file) => file.startsWith(`logfilter.cjs.${version}-`))).toHaveLength(1);
    },
    5 * MINUTES,
  );
});

describe('npx @logfilter/cli', () => {
  it(
    'compiles',
    async () => {
      const expected = await runCli(['compile', FILTER]);
      const npx = await run('npx', ['--yes', '@logfilter/cli', 'compile', FILTER], { env: world.env, cwd: world.root });
      expect(npx).toMatchObject({ code: 0, stdout: expected.stdout });
    },
    2 * MINUTES,
  );
});

describe('the README', () => {
  it('gives first the install line this test runs', () => {
    const firstCommand = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
      .split('\n')
      .find((line) => /^ {4}\S/.test(line) && /install/.test(line));
    expect(firstCommand?.trim()).toBe('npm install -g @logfilter/cli');
  });
});

describe('the libraries in a fresh project', () => {
  it(
    'install with one copy of each CodeMirror package (peers)',
    async () => {
      const app = await libraries;
      const copies = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          if (!entry.isDirectory()) return [];
          const path = join(dir, entry.name);
          return path.endsWith(join('@codemirror', 'state')) ? [path] : copies(path);
        });
      expect(copies(join(app, 'node_modules'))).toHaveLength(1);
      for (const name of ['core', 'api', 'emulator', 'codemirror', 'language-server', 'solver', 'terraform']) {
        const manifest = readJson(join(app, 'node_modules', '@logfilter', name, 'package.json'));
        expect(manifest.engines.node).toBe('>=20.19');
        for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies })) expect(range).not.toMatch(/workspace:|catalog:/);
      }
    },
    5 * MINUTES,
  );

  it(
    'import as ES modules in Node',
    async () => {
      const app = await libraries;
      const script = [
        "import { compile } from '@logfilter/core';",
        "import * as api from '@logfilter/api';",
        "import * as emulator from '@logfilter/emulator';",
        `const result = compile(${JSON.stringify(FILTER)});`,
        'console.log(JSON.stringify({ ok: result.ok, api: Object.keys(api).length, emulator: Object.keys(emulator).length }));',
      ].join('\n');
      writeFileSync(join(app, 'use.mjs'), script);
      const used = await ok(run(process.execPath, ['use.mjs'], { env: world.env, cwd: app }), 'node use.mjs');
      expect(JSON.parse(used.stdout)).toMatchObject({ ok: true, api: expect.any(Number), emulator: expect.any(Number) });
      expect(JSON.parse(used.stdout).api).toBeGreaterThan(0);
    },
    5 * MINUTES,
  );

  it(
    'check a Terraform file with @logfilter/terraform from a plain Node script',
    async () => {
      const app = await libraries;
      writeFileSync(
        join(app, 'main.tf'),
        'resource "cloudflare_logpush_job" "bots" {\n  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"\n  dataset = "http_requests"\n  filter  = jsonencode({ where = { key = "BotScore", operator = "below", value = 30 } })\n}\n',
      );
      const script = [
        "import { readFileSync } from 'node:fs';",
        "import { builtinCatalog } from '@logfilter/core';",
        "import { checkTerraform, jsonencodeExpression } from '@logfilter/terraform';",
        "const report = checkTerraform([{ name: 'main.tf', text: readFileSync('main.tf', 'utf8') }], { catalog: builtinCatalog() });",
        "const found = report.diagnostics.map((d) => [d.file, d.range.start.line, d.range.start.column].join(':') + ' ' + d.code);",
        "console.log(JSON.stringify({ found, printed: jsonencodeExpression({ where: { key: 'BotScore', operator: 'lt', value: 30 } }) }));",
      ].join('\n');
      writeFileSync(join(app, 'terraform.mjs'), script);
      const used = await ok(run(process.execPath, ['terraform.mjs'], { env: world.env, cwd: app }), 'node terraform.mjs');
      const column = '  filter  = jsonencode({ where = { key = "BotScore", operator = '.length + 1;
      expect(JSON.parse(used.stdout)).toEqual({
        found: [`main.tf:4:${column} unknown-operator`],
        printed: 'jsonencode({\n  where = { key = "BotScore", operator = "lt", value = 30 }\n})',
      });
    },
    5 * MINUTES,
  );

  it(
    'type-check under module node16 (tsc --noEmit), CodeMirror included',
    async () => {
      const app = await libraries;
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { module: 'node16', target: 'es2022', strict: true, noEmit: true, types: ['node'], lib: ['es2022', 'dom'], skipLibCheck: false },
          files: ['use.ts'],
        }),
      );
      writeFileSync(
        join(app, 'use.ts'),
        [
          "import { compile } from '@logfilter/core';",
          "import * as codemirror from '@logfilter/codemirror';",
          "import type * as api from '@logfilter/api';",
          "import type * as emulator from '@logfilter/emulator';",
          "import type { LanguageServer, LanguageServerOptions } from '@logfilter/language-server';",
          "import type * as terraform from '@logfilter/terraform';",
          `const result = compile(${JSON.stringify(FILTER)});`,
          'export const ok: boolean = result.ok;',
          'export type Modules = [typeof api, typeof emulator, typeof codemirror, LanguageServer, LanguageServerOptions, typeof terraform];',
        ].join('\n'),
      );
      await ok(run(join(REPO_ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { env: world.env, cwd: app }), 'tsc --noEmit');
    },
    5 * MINUTES,
  );

  it(
    'start the language server from a plain Node script over stdio pipes, answering initialize with its version',
    async () => {
      const app = await libraries;
      const script = join(app, 'language-server.mjs');
      writeFileSync(
        script,
        [
          "import { startServer } from '@logfilter/language-server';",
          'const server = startServer({ input: process.stdin, output: process.stdout });',
          'server.stopped.then((stop) => process.exit(stop.code));',
        ].join('\n'),
      );
      const answer = await lspInitialize(process.execPath, [script], world.env);
      const { version } = readJson(join(REPO_ROOT, 'packages', 'language-server', 'package.json'));
      expect(answer).toMatchObject({ capabilities: { hoverProvider: true }, serverInfo: { name: 'logfilter', version } });
      // Its program too, as an editor configured without the CLI runs it.
      const bin = join(app, 'node_modules', '.bin', 'logfilter-language-server');
      expect(await lspInitialize(bin, ['--stdio'], world.env)).toMatchObject({ serverInfo: { version } });
    },
    5 * MINUTES,
  );

  it(
    'bundle for the browser (esbuild, @logfilter/core) and the bundle compiles',
    async () => {
      const app = await libraries;
      writeFileSync(join(app, 'browser.js'), `import { compile } from '@logfilter/core';\nglobalThis.result = compile(${JSON.stringify(FILTER)});\n`);
      const { build } = await import('esbuild');
      const bundled = await build({
        absWorkingDir: app,
        entryPoints: ['browser.js'],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      });
      const code = bundled.outputFiles[0].text;
      expect(code).not.toMatch(/from ["']node:/);
      writeFileSync(join(app, 'bundle.mjs'), `${code}\nconsole.log(JSON.stringify(globalThis.result.ok));\n`);
      expect((await ok(run(process.execPath, ['bundle.mjs'], { env: world.env, cwd: app }), 'the bundle')).stdout.trim()).toBe('true');
    },
    5 * MINUTES,
  );

  it(
    'use the solver from a plain Node script, its optional peer z3-solver loaded when asked',
    async () => {
      const app = await libraries;
      const script = [
        "import { builtinCatalog, compile, parseJsonExact } from '@logfilter/core';",
        "import { compareFilters, loadSolver } from '@logfilter/solver';",
        "const dataset = builtinCatalog().get('http_requests');",
        'const filter = (text) => parseJsonExact(compile(text).json);',
        "const result = await compareFilters(filter('BotScore lt 30'), filter('BotScore leq 30'), dataset);",
        'console.log(JSON.stringify({ relation: result.relation, witnesses: result.witnesses.map((w) => w.line) }));',
        '(await loadSolver()).release();',
      ].join('\n');
      writeFileSync(join(app, 'solver.mjs'), script);
      const used = await ok(run(process.execPath, ['solver.mjs'], { env: world.env, cwd: app }), 'node solver.mjs');
      expect(JSON.parse(used.stdout)).toEqual({ relation: 'new-wider', witnesses: ['{"BotScore":30}'] });
    },
    5 * MINUTES,
  );

  it(
    'bundle the solver for the browser (esbuild, no node: builtins), and the bundle runs',
    async () => {
      const app = await libraries;
      writeFileSync(
        join(app, 'solver-browser.js'),
        "import { compareFilters, destinationPlace } from '@logfilter/solver';\nglobalThis.result = [typeof compareFilters, destinationPlace('S3://Bucket/logs/?region=x')];\n",
      );
      const { build } = await import('esbuild');
      const bundled = await build({
        absWorkingDir: app,
        entryPoints: ['solver-browser.js'],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      });
      const code = bundled.outputFiles.map((file) => file.text).join('\n');
      expect(code).not.toMatch(/from ["']node:|require\(["']node:/);
      writeFileSync(join(app, 'solver-bundle.mjs'), `${bundled.outputFiles[0].text}\nconsole.log(JSON.stringify(globalThis.result));\n`);
      const ran = await ok(run(process.execPath, ['solver-bundle.mjs'], { env: world.env, cwd: app }), 'the solver bundle');
      expect(JSON.parse(ran.stdout)).toEqual(['function', 's3://bucket/logs']);
    },
    5 * MINUTES,
  );
});
