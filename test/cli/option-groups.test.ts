/** Typed options declared once (options.ts): a value that does not parse is a usage error, exit 2, that names the flag, before anything runs. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

describe('typed options', () => {
  it.each([
    [['compile', 'ClientCountry eq us', '--max-bytes', 'lots'], '--max-bytes <n>', 'lots'],
    [['check', 'ClientCountry eq us', '--max-operators', '0'], '--max-operators <n>', '0'],
    [['decompile', '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}', '--max-bytes', '1.5'], '--max-bytes <n>', '1.5'],
    [['check', '--terraform', 'examples/terraform', '--max-bytes', '-3'], '--max-bytes <n>', '-3'],
    [['diff', 'ClientCountry eq us', 'ClientCountry eq us', '--timeout', 'soon'], '--timeout <seconds>', 'soon'],
    [['jobs', 'list', '--zone', 'z', '--timeout', '0'], '--timeout <seconds>', '0'],
    [['jobs', 'list', '--zone', 'z', '--retries', 'many'], '--retries <n>', 'many'],
    [['tail', '--zone', 'z', '--sample', '0'], '--sample <n>', '0'],
    [['tail', '--zone', 'z', '--duration', '1m'], '--duration <seconds>', '1m'],
    [['jobs', 'create', '--zone', 'z', '--destination', 's3://b', '--output-option', 'novalue'], '--output-option <key=value>', 'novalue'],
    [['jobs', 'update', '--zone', 'z', '--id', '1', '--output-option', '=x'], '--output-option <key=value>', '=x'],
    [['check', 'ClientCountry eq us', '--format', 'xml'], '--format <format>', 'xml'],
  ])('%j', async (args, flag, value) => {
    const result = await runCli(args as string[]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`option '${flag}' argument '${value}' is invalid`);
  });

  it('with --json, the parse error is the envelope on stdout', async () => {
    const result = await runCli(['compile', 'ClientCountry eq us', '--max-bytes', 'lots', '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, command: 'compile', exitCode: 2, diagnostics: [{ code: 'usage' }] });
  });

  it('parsed values reach the command: --max-bytes 40 refuses a 62-byte filter', async () => {
    const result = await runCli(['compile', 'ClientCountry eq us', '--max-bytes', '40', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics.map((d: { code: string }) => d.code)).toEqual(['filter-too-large']);
  });
});
