/** `logfilter compile` and `logfilter check` end to end: inputs, output formats, --json and exit codes. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { INPUT_LIMITS } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, DESIGN_CARD, DESIGN_JSON, runCli, tempFiles } from '../support/cli.js';

const { dir, file } = tempFiles('cli');

describe('inputs', () => {
  it('compiles a filter given as an argument', async () => {
    expect(await runCli(['compile', DESIGN_CARD])).toEqual({ code: 0, stdout: `${DESIGN_JSON}\n`, stderr: '' });
  });

  it('reads the filter from a file with -f', async () => {
    const path = file('card.lf', `# the design card\n${DESIGN_CARD}\n`);
    expect(await runCli(['compile', '-f', path])).toEqual({ code: 0, stdout: `${DESIGN_JSON}\n`, stderr: '' });
    expect(await runCli(['compile', '--file', path])).toEqual({ code: 0, stdout: `${DESIGN_JSON}\n`, stderr: '' });
  });

  it('reads the filter from standard input with -f -', async () => {
    expect(await runCli(['compile', '-f', '-'], { input: DESIGN_CARD })).toEqual({ code: 0, stdout: `${DESIGN_JSON}\n`, stderr: '' });
  });

  it('names the file in code frames, and <stdin> for standard input', async () => {
    const path = file('bad.lf', 'ClientCountry eq us\nAND BotScore geq abc\n');
    const fromFile = await runCli(['compile', '-f', path]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain(`error[invalid-value]`);
    expect(fromFile.stderr).toContain(`--> ${path}:2:18\n`);
    const fromStdin = await runCli(['compile', '-f', '-'], { input: 'ClientCountry eq us\nAND BotScore geq abc\n' });
    expect(fromStdin.stderr).toContain('--> <stdin>:2:18\n');
  });

  it('exits 2 when the file is missing', async () => {
    const missing = join(dir, 'no-such.lf');
    const result = await runCli(['compile', '-f', missing]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `logfilter: cannot read ${missing}: no such file\n` });
  });

  it('exits 2 when the filter is given twice, or not at all', async () => {
    const twice = await runCli(['compile', '-f', file('x.lf', 'ClientCountry eq us'), 'ClientCountry eq us']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/^logfilter: give the filter either as an argument or with --file/);
    const none = await runCli(['compile']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^logfilter: no filter given/);
  });

  it('exits 2 on an unknown dataset, with a suggestion', async () => {
    const result = await runCli(['compile', '-d', 'http_request', 'ClientCountry eq us']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^logfilter: unknown dataset 'http_request'; did you mean 'http_requests'\?/);
  });

  it('exits 2 on bad option values and unknown options', async () => {
    for (const args of [['--values', 'loose'], ['--output', 'yaml'], ['--max-bytes', 'lots'], ['--max-operators', '0'], ['--bogus']]) {
      const result = await runCli(['compile', ...args, 'ClientCountry eq us']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/\S/);
    }
  });
});

describe('an empty filter', () => {
  it('is an error whose hint says that no filter delivers every line', async () => {
    for (const [args, input] of [
      [['compile', ''], ''],
      [['compile', '-f', '-'], '  \n\t'],
      [['check', '-f', '-'], '# only a comment\n'],
    ] as const) {
      const result = await runCli([...args], { input });
      expect(result.code, JSON.stringify(input)).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error\[empty-filter\]: /);
      expect(result.stderr).toMatch(/= hint: .*every line/);
    }
  });
});

describe('output formats', () => {
  it('--output json is the compact filter on one line', async () => {
    expect((await runCli(['compile', '--output', 'json', DESIGN_CARD])).stdout).toBe(`${DESIGN_JSON}\n`);
  });

  it('--output pretty indents the same JSON by two spaces', async () => {
    const result = await runCli(['compile', '--output', 'pretty', DESIGN_CARD]);
    expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(JSON.parse(DESIGN_JSON), null, 2)}\n`, stderr: '' });
  });

  it('--output string is the compact JSON as a JSON string literal', async () => {
    const result = await runCli(['compile', '-o', 'string', DESIGN_CARD]);
    expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(DESIGN_JSON)}\n`, stderr: '' });
    expect(JSON.parse(result.stdout)).toBe(DESIGN_JSON);
  });

  it('prints warnings on stderr and still exits 0', async () => {
    const result = await runCli(['compile', 'BotScore lte "30"']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"where":{"key":"BotScore","operator":"leq","value":"30"}}\n');
    expect(result.stderr).toContain('warning[deprecated-operator]');
    expect(result.stderr).toContain('warning[quoted-number]');
  });
});

describe('--json machine output', () => {
  it('on success: one envelope {ok, command, exitCode, filter, json, stats, diagnostics} on one line', async () => {
    const result = await runCli(['compile', '--json', DESIGN_CARD]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trimEnd()).not.toContain('\n');
    const output = JSON.parse(result.stdout);
    expect(Object.keys(output)).toEqual(['ok', 'command', 'exitCode', 'filter', 'json', 'stats', 'diagnostics']);
    expect(output).toEqual({
      ok: true,
      command: 'compile',
      exitCode: 0,
      filter: JSON.parse(DESIGN_JSON),
      json: DESIGN_JSON,
      diagnostics: [],
      stats: { bytes: Buffer.byteLength(DESIGN_JSON), operators: 3 },
    });
  });

  it('on a filter error: exit 1, no filter, the diagnostics with ranges and hints, nothing on stderr', async () => {
    const result = await runCli(['compile', '--json', 'ClientCountry gt 5']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ ok: false, filter: null, json: null, stats: { bytes: 0, operators: 0 } });
    expect(output.diagnostics).toHaveLength(1);
    expect(output.diagnostics[0]).toMatchObject({
      code: 'operator-not-allowed',
      severity: 'error',
      range: { start: { offset: 14, line: 1, column: 15 }, end: { offset: 16, line: 1, column: 17 } },
    });
    expect(output.diagnostics[0].message).toMatch(/'gt'/);
    expect(output.diagnostics[0].hint).toMatch(/string fields take/);
  });

  it('over a limit: exit 1, and the filter that was too large comes with its stats', async () => {
    const result = await runCli(['compile', '--json', '--max-bytes', '40', 'ClientCountry eq us']);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.ok).toBe(false);
    expect(output.diagnostics.map((d: { code: string }) => d.code)).toEqual(['filter-too-large']);
    expect(output.stats).toEqual({ bytes: 62, operators: 1 });
  });

  it('on usage and I/O errors: exit 2, still one envelope (with no filter: there is none)', async () => {
    const cases: Array<[string[], string]> = [
      [['compile', '--json'], 'usage'],
      [['compile', '--json', '-d', 'nope', 'ClientCountry eq us'], 'unknown-dataset'],
      [['compile', '--json', '-f', join(dir, 'missing.lf')], 'io-error'],
    ];
    for (const [args, code] of cases) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      const output = JSON.parse(result.stdout);
      expect(output).toMatchObject({ ok: false, command: 'compile', exitCode: 2 });
      expect(output.diagnostics.map((d: { code: string }) => d.code)).toEqual([code]);
    }
  });
});

describe('logfilter check', () => {
  it('reports the size on success and prints no filter', async () => {
    expect(await runCli(['check', 'ClientCountry eq us'])).toEqual({ code: 0, stdout: '', stderr: 'ok: 62 bytes, 1 operator\n' });
  });

  it('exits 1 with a code frame on an error', async () => {
    const result = await runCli(['check', 'Cookies eq x']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error\[field-not-filterable\]: /);
    expect(result.stderr).toContain('= hint: ');
  });
});

describe('hostile input gives a diagnostic, never a crash', () => {
  /** Just under the size of filter text read at all (a larger one is refused unread, test/cli/input-limits.test.ts). */
  const NEAR_LIMIT = INPUT_LIMITS.filter - 1024;

  it('10,000 nested parentheses', async () => {
    const text = `${'('.repeat(10_000)}ClientCountry eq us${')'.repeat(10_000)}`;
    const result = await runCli(['compile', '-f', '-'], { input: text });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error\[nesting-too-deep\]: /);
    expect(result.stderr).toContain('--> <stdin>:1:101\n');
    expect(result.stderr).toContain('= hint: ');
  });

  it('10,000 NOTs', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: `${'NOT '.repeat(10_000)}ClientCountry eq us` });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error\[nesting-too-deep\]: /);
  });

  it('255 KB of predicates', async () => {
    let text = 'BotScore gt 0';
    for (let i = 1; text.length < NEAR_LIMIT - 30; i++) text += `\nAND BotScore gt ${i}`;
    const result = await runCli(['compile', '--json', '-f', '-'], { input: text });
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.diagnostics.map((d: { code: string }) => d.code).sort()).toEqual(['filter-too-large', 'too-many-operators']);
    expect(output.diagnostics.find((d: { code: string }) => d.code === 'too-many-operators').range.start.line).toBe(31);
  });

  it('255 KB of one value', async () => {
    const text = `ClientRequestPath eq "${'a'.repeat(NEAR_LIMIT - 30)}"`;
    const result = await runCli(['compile', '-f', '-'], { input: text });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error\[filter-too-large\]: /);
    expect(result.stderr.length).toBeLessThan(2000);
  });

  it('255 KB of characters no token starts with', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: '&|'.repeat(NEAR_LIMIT / 2) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error\[unexpected-character\]: /);
    expect(result.stderr).toContain('--> <stdin>:1:1\n');
    expect(result.stderr.length).toBeLessThan(2000);
  });

  it('255 KB of one operator token after another', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: '&&'.repeat(NEAR_LIMIT / 2) });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error\[expected-field\]: /);
    expect(result.stderr.length).toBeLessThan(2000);
  });

  it('1 MB of anything: refused before it is read', async () => {
    const result = await runCli(['compile', '-f', '-'], { input: `ClientRequestPath eq "${'a'.repeat(1_048_576)}"` });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^logfilter: standard input is over the limit of 262144 bytes \(256 KB\) for filter text\n/);
  });
});

describe('output through a pipe', () => {
  // compile writes straight to descriptor 1 (no process.stdout at start-up); these keep the stream's behaviour.
  const big = `ClientCountry in (${Array.from({ length: 30000 }, (_, i) => i).join(',')})`;
  const limits = ['--max-bytes', '10000000', '--max-operators', '100000'];
  /** How long the reader waits before it reads: the writer meets a full pipe meanwhile (a longer wait only makes that surer). */
  const READER_LATE_MS = 500;

  // The second has a two- and a four-byte character in every value (as many as the input limit
  // lets through): the reader takes its bytes in pieces that end inside characters.
  const wide = `ClientCountry in (${Array.from({ length: 18500 }, (_, i) => `"é${i}😀"`).join(',')})`;
  it.each([
    ['big.lf', big],
    ['wide.lf', wide],
  ])('arrives whole when the reader starts late (%s)', async (name, text) => {
    const path = file(name, text);
    const child = spawn(process.execPath, [CLI_BIN, 'compile', ...limits, '-f', path]);
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, READER_LATE_MS));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(0);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBeGreaterThan(200_000);
    const output = bytes.toString('utf8');
    const values = (JSON.parse(output) as { where: { value: string[] } }).where.value;
    expect(values).toHaveLength(text === big ? 30000 : 18500);
    expect(values.at(-1)).toBe(text === big ? '29999' : 'é18499😀');
  });

  it('ends quietly, exit 0, when the reader stops early', async () => {
    const path = file('big2.lf', big);
    const command = `"${process.execPath}" "${CLI_BIN}" compile ${limits.join(' ')} -f "${path}" | head -c 10 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', command]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    await once(child, 'close');
    expect({ out: out.trim(), err }).toEqual({ out: '0', err: '' });
  });
});
