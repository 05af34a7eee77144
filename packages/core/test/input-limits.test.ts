/**
 * Core's entry points refuse text over INPUT_LIMITS before parsing it: one `input-too-large` error
 * at the start, naming the size in UTF-8 bytes and the limit. Text at the limit is read as ever.
 */
import {
  checkCustomFieldsText,
  checkJobs,
  compile,
  decompile,
  decompileJobs,
  format,
  INPUT_LIMITS,
  inputTooLarge,
  parse,
  sizeOver,
  type Diagnostic,
} from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const START = { offset: 0, line: 1, column: 1 };

function tooLarge(diagnostics: readonly Diagnostic[], bytes: number, what: string, limit: number): void {
  expect(diagnostics).toHaveLength(1);
  expect(diagnostics[0]).toMatchObject({ code: 'input-too-large', severity: 'error', range: { start: START, end: START } });
  expect(diagnostics[0].message).toMatch(new RegExp(`^the input is ${bytes} bytes \\(.+\\), over the limit of ${limit} bytes \\(.+\\) for ${what}$`));
}

/** Filter text of exactly `bytes` bytes: a comment, then a predicate. */
function filterOf(bytes: number): string {
  const predicate = 'ClientCountry eq us';
  return `# ${'x'.repeat(bytes - predicate.length - 3)}\n${predicate}`;
}

describe('input size limits in core', () => {
  it('compile, parse and format refuse filter text one byte over the limit, and read it at the limit', () => {
    const limit = INPUT_LIMITS.filter;
    const over = filterOf(limit + 1);
    tooLarge(compile(over).diagnostics, limit + 1, 'filter text', limit);
    tooLarge(parse(over).diagnostics, limit + 1, 'filter text', limit);
    tooLarge(format(over).diagnostics, limit + 1, 'filter text', limit);
    expect(compile(filterOf(limit))).toMatchObject({ ok: true, json: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}' });
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    const limit = INPUT_LIMITS.filter;
    // 'é' is two bytes, '😀' four (a surrogate pair): the text is over the limit in bytes, not in length.
    const text = `ClientCountry eq "${'é'.repeat(limit / 4)}${'😀'.repeat(limit / 8)}"`;
    expect(text.length).toBeLessThan(limit);
    const bytes = new TextEncoder().encode(text).length;
    expect(sizeOver(text, limit)).toBe(bytes);
    tooLarge(compile(text).diagnostics, bytes, 'filter text', limit);
    expect(sizeOver('é'.repeat(limit / 2), limit)).toBeUndefined();
  });

  it('decompile and decompileJobs refuse filter JSON over its limit', () => {
    const limit = INPUT_LIMITS.json;
    const job = { id: 1, dataset: 'http_requests', filter: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}' };
    const text = JSON.stringify({ result: Array.from({ length: Math.ceil(limit / JSON.stringify(job).length) }, () => job) });
    const bytes = text.length;
    expect(decompileJobs(text)).toBeUndefined();
    const result = decompile(text);
    tooLarge(result.diagnostics, bytes, 'filter JSON', limit);
    expect(result.diagnostics[0].pointer).toBe('');
    // The same list under the limit is read job by job.
    expect(decompileJobs(JSON.stringify({ result: [job, job] }))).toHaveLength(2);
  });

  it('checkJobs and checkCustomFieldsText refuse text over theirs', () => {
    const jobs = ' '.repeat(INPUT_LIMITS.jobs + 1);
    tooLarge(checkJobs(jobs).diagnostics, INPUT_LIMITS.jobs + 1, 'a jobs file', INPUT_LIMITS.jobs);
    const rules = ' '.repeat(INPUT_LIMITS.rules + 1);
    tooLarge(checkCustomFieldsText(rules).diagnostics, INPUT_LIMITS.rules + 1, 'custom-field rules', INPUT_LIMITS.rules);
  });

  it('says how large, and what to do, for an input read only up to its limit', () => {
    expect(inputTooLarge('terraform', undefined, 'main.tf')).toEqual({
      code: 'input-too-large',
      message: `main.tf is over the limit of ${INPUT_LIMITS.terraform} bytes (2 MB) for a Terraform file`,
      hint: 'logfilter reads a Terraform file of up to 2 MB: is this the right file? Split it if it really is this large',
    });
  });
});
