/** decompile lints as compile does, each warning with the JSON Pointer of what it is about; and reads a bare list of jobs. */
import { compile, decompile, decompileJobs } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const criterion = (key: string, operator: string, value: unknown) => ({ key, operator, value });
const codes = (result: { diagnostics: Array<{ code: string }> }) => result.diagnostics.map((d) => d.code);

describe('decompile lint', () => {
  it('warns value-case on the criterion, as compile does on the same filter as text', () => {
    const text = JSON.stringify({ where: criterion('ClientCountry', 'in', ['US', 'CA']) });
    const result = decompile(text);
    expect(result.ok).toBe(true);
    expect(codes(compile('ClientCountry in (US, CA)'))).toEqual(['value-case']);
    expect(result.diagnostics).toMatchObject([
      { code: 'value-case', severity: 'warning', pointer: '/where', message: `'ClientCountry' is logged in lower case, so "US" never equals it` },
    ]);
    expect(result.diagnostics[0].range.start.column).toBe(text.indexOf('{"key"') + 1);
  });

  it('warns never-matches on the group that holds the criteria', () => {
    const text = JSON.stringify({ where: { and: [criterion('ClientCountry', 'eq', 'us'), criterion('ClientCountry', 'eq', 'ca')] } });
    const result = decompile(text);
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toMatchObject([{ code: 'never-matches', pointer: '/where/and' }]);
    expect(result.diagnostics[0].range.start.offset).toBe(text.indexOf('{"key"'));
    expect(result.diagnostics[0].range.end.offset).toBe(text.lastIndexOf('}}') - 1);
  });

  it('points into an escaped filter string, and lint: false turns the warnings off', () => {
    const text = JSON.stringify({ dataset: 'http_requests', filter: JSON.stringify({ where: criterion('ClientCountry', 'eq', 'US') }) });
    const result = decompile(text);
    expect(result.diagnostics).toMatchObject([{ code: 'value-case', pointer: '/where' }]);
    expect(result.diagnostics[0].range.start.offset).toBe(text.indexOf('{\\"key'));
    expect(decompile(text, { lint: false }).diagnostics).toEqual([]);
  });

  it('warns not-a-timestamp and always-matches too', () => {
    const time = JSON.stringify({ where: criterion('EdgeStartTimestamp', 'eq', 'yesterday') });
    expect(codes(decompile(time))).toEqual(['not-a-timestamp']);
    const always = JSON.stringify({ where: { or: [criterion('ClientCountry', 'eq', 'us'), criterion('ClientCountry', '!eq', 'us')] } });
    expect(decompile(always).diagnostics).toMatchObject([{ code: 'always-matches', pointer: '/where/or' }]);
  });
});

describe('decompile of a bare list of jobs', () => {
  const job = (id: number, dataset: string, where: object) => ({ id, dataset, destination_conf: 's3://b/p', filter: JSON.stringify({ where }) });

  it('reads the one job with a filter', () => {
    const text = JSON.stringify([job(1, 'dns_logs', criterion('QueryName', 'eq', 'a.com')), { id: 2, dataset: 'dns_logs', filter: '' }]);
    expect(decompile(text)).toMatchObject({ ok: true, text: 'QueryName eq a.com', found: '/0/filter' });
  });

  it('still refuses a list of criteria as not a filter', () => {
    expect(codes(decompile(JSON.stringify([criterion('ClientCountry', 'eq', 'us')])))).toEqual(['not-a-filter']);
  });

  it('places each job’s diagnostics in the input, not in a copy of the job', () => {
    const text = `[\n  ${JSON.stringify(job(1, 'dns_logs', criterion('QueryName', 'eq', 'a.com')))},\n  ${JSON.stringify(job(2, 'http_requests', criterion('BotScor', 'lt', 30)))}\n]`;
    const results = decompileJobs(text)!;
    expect(results.map((r) => [r.pointer, r.result.ok])).toEqual([
      ['/0', true],
      ['/1', false],
    ]);
    const [diagnostic] = results[1].result.diagnostics;
    expect(diagnostic).toMatchObject({ code: 'unknown-field', pointer: '/where/key' });
    expect(diagnostic.range.start).toEqual({
      offset: text.indexOf('\\"BotScor'),
      line: 3,
      column: text.indexOf('\\"BotScor') - text.lastIndexOf('\n', text.indexOf('\\"BotScor')),
    });
    expect(results[1].text).toBe(text);
  });
});
