/**
 * `logfilter check --terraform` and `decompile` of HCL under hostile input: nesting far past anything
 * a filter needs, a very long heredoc, a file far past any real one. Each is a clear diagnostic at its
 * line and column and exit 1, never a stack overflow ("internal error", exit 70) or a hang.
 */
import { INPUT_LIMITS, MAX_NESTING } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('terraform-hostile');

function resource(filter: string): string {
  return `resource "cloudflare_logpush_job" "deep" {\n  dataset = "http_requests"\n  filter  = ${filter}\n}\n`;
}

/** `jsonencode({ where = { and = [ ... ] } })` nested `levels` groups deep around one criterion. */
function nestedJsonencode(levels: number): string {
  const criterion = '{ key = "ClientCountry", operator = "eq", value = "us" }';
  return `jsonencode(${'{ where = { and = ['.repeat(levels)}${criterion}${'] } }'.repeat(levels)})`;
}

const DEPTH_HINT = `  = hint: logfilter reads HCL nested up to ${MAX_NESTING} levels (a filter needs far fewer): flatten this expression\n`;

describe('check --terraform on deeply nested input', () => {
  for (const levels of [1000, 5000]) {
    it(`reports a jsonencode nested ${levels} levels deep at its line and column, exit 1`, async () => {
      const file = files.file(`deep-${levels}.tf`, resource(nestedJsonencode(levels)));
      const result = await runCli(['check', '--terraform', file, '--no-color']);
      expect(result.code).toBe(1);
      // The resource block and the call are two levels, and each group three brackets: the bracket one
      // level too deep is the last of group 84 (MAX_NESTING - 2 = 254 = 84 * 3 + 2).
      const opener = MAX_NESTING - 2;
      const column = '  filter  = jsonencode('.length + '{ where = { and = ['.length * Math.floor(opener / 3) + '{ where = { and = '.length + 1;
      expect(result.stderr).toContain(`error[invalid-hcl]: nested more than ${MAX_NESTING} levels deep here\n --> ${file}:3:${column}\n`);
      expect(result.stderr).toContain(DEPTH_HINT);
      expect(result.stderr).toMatch(/failed: 0 filters checked in 1 file; 1 error, 0 warnings\n$/);
    });
  }

  it('reports nested blocks, calls, tuples and template strings the same way', async () => {
    const cases: [string, string, string][] = [
      ['blocks', `${'b {\n'.repeat(3000)}${'}\n'.repeat(3000)}`, `:${MAX_NESTING + 1}:3\n`],
      ['calls', resource(`${'jsonencode('.repeat(3000)}1${')'.repeat(3000)}`), ':3:'],
      ['tuples', resource(`jsonencode(${'['.repeat(5000)}${']'.repeat(5000)})`), ':3:'],
      ['templates', resource(`${'"${'.repeat(5000)}${'}"'.repeat(5000)}`), ':3:'],
    ];
    for (const [name, text, at] of cases) {
      const file = files.file(`${name}.tf`, text);
      const result = await runCli(['check', '--terraform', file, '--no-color']);
      expect({ name, code: result.code }).toEqual({ name, code: 1 });
      expect(result.stderr).toContain(`error[invalid-hcl]: nested more than ${MAX_NESTING} levels deep here\n`);
      expect(result.stderr).toContain(`--> ${file}${at}`);
    }
  });

  it('reports nesting past the limit in a jsonencode expression given alone, and reads one well inside it', async () => {
    const deep = await runCli(['decompile', '-f', '-', '--no-color'], { input: nestedJsonencode(5000) });
    expect(deep.code).toBe(1);
    expect(deep.stderr).toContain(`error[invalid-hcl]: nested more than ${MAX_NESTING} levels deep here\n --> <stdin>:1:`);
    // Forty groups deep (80 levels of HCL) is far past any real filter, and well inside the limit.
    const criterion = '{ key = "ClientCountry", operator = "eq", value = "us" }';
    const input = `jsonencode({ where = ${'{ and = ['.repeat(40)}${criterion}${'] }'.repeat(40)} })`;
    const fine = await runCli(['check', '--from-json', '-f', '-', '--no-color'], { input });
    expect(fine).toMatchObject({ code: 0, stderr: 'ok: 62 bytes, 1 operator\n' });
  });

  it('reads a <<- heredoc of two hundred thousand lines without overflowing the stack', async () => {
    const file = files.file('heredoc.tf', resource(`<<-EOT\n${'    {}\n'.repeat(200_000)}  EOT`));
    const result = await runCli(['check', '--terraform', file, '--no-color']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error[invalid-json]: the input is not valid JSON: unexpected text after the JSON value\n --> ${file}:5:5\n`);
  });
});

describe('check --terraform on a file far past any real one', () => {
  it('refuses it by its size before reading it, naming the size and the limit', async () => {
    const limit = INPUT_LIMITS.terraform;
    const padding = `# ${'x'.repeat(limit)}\n`;
    const file = files.file('huge.tf', padding + resource('"{}"'));
    const result = await runCli(['check', '--terraform', file]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `logfilter: ${file} is ${limit + 3 + resource('"{}"').length} bytes (2.0 MB), over the limit of ${limit} bytes (2 MB) for a Terraform file\n` +
        '  = hint: logfilter reads a Terraform file of up to 2 MB: is this the right file? Split it if it really is this large\n',
    });
  });

  it('reads a real-sized file: hundreds of resources', async () => {
    const job = (i: number) =>
      `resource "cloudflare_logpush_job" "job_${i}" {\n  dataset = "http_requests"\n  filter  = jsonencode({ where = { key = "ClientCountry", operator = "eq", value = "us" } })\n}\n`;
    const file = files.file('many.tf', Array.from({ length: 500 }, (_, i) => job(i)).join('\n'));
    const result = await runCli(['check', '--terraform', file]);
    expect(result).toMatchObject({ code: 0, stderr: 'ok: 500 filters checked in 1 file; 0 errors, 0 warnings\n' });
  });
});
