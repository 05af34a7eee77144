/** `logfilter decompile`, `check --from-json` and `fmt` end to end: outputs, exit codes, files. */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESIGN_CARD, DESIGN_JSON, runCli, tempFiles } from '../support/cli.js';

const { dir, file } = tempFiles('roundtrip');
/** The design card example in canonical form, as decompile and fmt print it. */
const CARD = DESIGN_CARD.replace('(us,ca)', '(us, ca)');

describe('logfilter decompile', () => {
  it('prints the canonical text of filter JSON given inline, in a file or on stdin', async () => {
    const expected = { code: 0, stdout: `${CARD}\n`, stderr: '' };
    expect(await runCli(['decompile', DESIGN_JSON])).toEqual(expected);
    expect(await runCli(['decompile', '-f', file('card.json', DESIGN_JSON)])).toEqual(expected);
    expect(await runCli(['decompile', '-f', '-'], { input: JSON.stringify({ name: 'job', filter: DESIGN_JSON }) })).toEqual(expected);
  });

  it('reports a malformed filter with its position and JSON Pointer, exit 1', async () => {
    const result = await runCli(['decompile', '{"where":{"key":"EdgeResponseStatus","operator":"in","value":"200,201"}}']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        `error[expected-list]: 'in' takes a JSON array, not the string "200,201" (at /where/value)`,
        ' --> 1:62',
        '  |',
        '1 | {"where":{"key":"EdgeResponseStatus","operator":"in","value":"200,201"}}',
        '  |                                                              ^^^^^^^^^',
        '  = hint: write the values as a JSON array: "value": [200,201] (the service rejects a string here with "supported kinds: []uint64")',
        '',
      ].join('\n'),
    );
  });

  it('treats malformed JSON as a filter error (exit 1) with the position of the fault', async () => {
    const result = await runCli(['decompile', '{"where":{"key":"BotScore",}}']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[invalid-json]: the input is not valid JSON: a trailing ',' is not allowed in JSON\n --> 1:28\n");
  });

  it('checks against the chosen dataset', async () => {
    const json = '{"where":{"key":"QueryName","operator":"endsWith","value":".example.com"}}';
    expect(await runCli(['decompile', json, '--dataset', 'dns_logs'])).toEqual({ code: 0, stdout: 'QueryName endsWith .example.com\n', stderr: '' });
    expect((await runCli(['decompile', json])).stderr).toContain('error[unknown-field]');
  });

  it('answers --json with one object', async () => {
    const result = await runCli(['decompile', DESIGN_JSON, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: true,
      command: 'decompile',
      exitCode: 0,
      text: CARD,
      filter: JSON.parse(DESIGN_JSON),
      json: DESIGN_JSON,
      diagnostics: [],
      stats: { bytes: DESIGN_JSON.length, operators: 3 },
      found: '',
    });
    const bad = JSON.parse((await runCli(['decompile', '{"key":"BotScore","operator":"lt","value":"30"}', '--json'])).stdout);
    expect(bad).toMatchObject({ ok: false, text: null, diagnostics: [{ code: 'missing-where', pointer: '' }] });
  });

  it('exits 2 on usage errors', async () => {
    expect((await runCli(['decompile'])).code).toBe(2);
    expect((await runCli(['decompile', '-f', join(dir, 'missing.json')])).code).toBe(2);
  });
});

describe('logfilter check --from-json', () => {
  it('checks filter JSON and says ok with its size', async () => {
    expect(await runCli(['check', '--from-json', JSON.stringify(DESIGN_JSON)])).toEqual({
      code: 0,
      stdout: '',
      stderr: `ok: ${DESIGN_JSON.length} bytes, 3 operators\n`,
    });
  });

  it('reports the same diagnostics as decompile, limits included', async () => {
    const result = await runCli(['check', '--from-json', DESIGN_JSON, '--max-operators', '2']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[too-many-operators]: the filter has 3 operators, 1 over the limit of 2');
    expect(result.stderr).toContain(' (at /where/and/1/or/1)\n');
  });
});

describe('logfilter fmt', () => {
  const messy = "clientcountry IN [us, 'ca'] and not (BotScore >= 30)   # bots\n";
  const tidy = 'clientcountry in (us, ca) AND NOT BotScore geq 30  # bots\n';

  it('prints the canonical text', async () => {
    expect(await runCli(['fmt', messy])).toEqual({ code: 0, stdout: tidy, stderr: '' });
    expect(await runCli(['fmt', '-f', file('messy.lf', messy)])).toEqual({ code: 0, stdout: tidy, stderr: '' });
  });

  it('--check exits 1 for a file that is not formatted and 0 for one that is', async () => {
    const bad = file('check-bad.lf', messy);
    const good = file('check-good.lf', tidy);
    expect(await runCli(['fmt', '--check', '-f', good])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runCli(['fmt', '--check', '-f', bad, good])).toEqual({ code: 1, stdout: '', stderr: `${bad} is not formatted\n` });
    expect(readFileSync(bad, 'utf8')).toBe(messy);
  });

  it('--write rewrites files in place, keeping their mode, leaving no temporary file', async () => {
    const sub = mkdtempSync(join(dir, 'write-'));
    const bad = join(sub, 'a.lf');
    const good = join(sub, 'b.lf');
    writeFileSync(bad, messy);
    writeFileSync(good, tidy);
    chmodSync(bad, 0o640);
    const before = statSync(good).mtimeMs;
    expect(await runCli(['fmt', '--write', '-f', bad, good])).toEqual({ code: 0, stdout: '', stderr: `formatted ${bad}\n` });
    expect(readFileSync(bad, 'utf8')).toBe(tidy);
    expect(statSync(bad).mode & 0o777).toBe(0o640);
    expect(statSync(good).mtimeMs).toBe(before);
    expect(readdirSync(sub).sort()).toEqual(['a.lf', 'b.lf']);
    expect(await runCli(['fmt', '--check', '-f', bad])).toMatchObject({ code: 0 });
  });

  it('leaves a file that does not parse alone and exits 1', async () => {
    const broken = file('broken.lf', 'ClientCountry eq\n');
    const result = await runCli(['fmt', '--write', '-f', broken]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[expected-value]');
    expect(readFileSync(broken, 'utf8')).toBe('ClientCountry eq\n');
  });

  it('refuses flags that do not go together (exit 2)', async () => {
    expect((await runCli(['fmt', '--write', messy])).code).toBe(2);
    expect((await runCli(['fmt', '--write', '--check', '-f', file('x.lf', tidy)])).code).toBe(2);
  });
});
