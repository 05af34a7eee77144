import { describe, expect, it } from 'vitest';
import { builtinCatalog, complete, diagnostics, fieldValues, hover, scan } from '@logfilter/core';

const labels = (text: string, offset = text.length, dataset?: string) => complete(text, offset, { dataset }).items.map((i) => i.label);
const EXAMPLE = 'ClientCountry in (us,ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';

describe('complete', () => {
  it('offers the filterable fields of the dataset with type and description, then NOT and (', () => {
    const result = complete('', 0);
    expect(result.expect).toBe('predicate');
    const country = result.items.find((i) => i.label === 'ClientCountry');
    expect(country).toEqual({ label: 'ClientCountry', kind: 'field', detail: 'string', info: '2-letter ISO-3166 country code of client IP', boost: 0 });
    expect(result.items.slice(-2).map((i) => i.label)).toEqual(['NOT', '(']);
    const filterable = builtinCatalog()
      .get('http_requests')!
      .fields.filter((f) => f.filterable).length;
    expect(result.items.filter((i) => i.kind === 'field')).toHaveLength(filterable);
  });

  it('replaces the word at the cursor and reports what was typed', () => {
    const result = complete('ClientCountry eq us AND Bot', 27);
    expect([result.from, result.to, result.prefix, result.expect]).toEqual([24, 27, 'Bot', 'predicate']);
    expect(complete('BotSc AND x', 3)).toMatchObject({ from: 0, to: 5, prefix: 'Bot' });
  });

  it('offers the fields of the chosen dataset', () => {
    expect(labels('', 0, 'dns_logs')).toContain('QueryName');
    expect(labels('', 0, 'dns_logs')).not.toContain('ClientCountry');
  });

  it('offers only the operators the field type allows', () => {
    expect(labels('ClientCountry ')).toEqual(['eq', '!eq', 'startsWith', 'endsWith', '!startsWith', '!endsWith', 'contains', '!contains', 'in', '!in']);
    expect(labels('BotScore ')).toEqual(['eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in']);
    expect(labels('CacheReserveUsed ')).toEqual(['eq', '!eq']);
    expect(complete('BotScore ', 9).items[2]).toMatchObject({ label: 'lt', kind: 'operator', detail: 'less than' });
  });

  it('completes the word of a negated operator after ! and NOT', () => {
    expect(labels('ClientCountry !')).toEqual(['eq', 'startsWith', 'endsWith', 'contains', 'in']);
    expect(labels('ClientCountry not ')).toEqual(['startsWith', 'endsWith', 'contains', 'in']);
    expect(labels('BotScore !')).toEqual(['eq', 'in']);
  });

  it("offers '(' after in and !in", () => {
    expect(labels('ClientCountry in ')).toEqual(['(']);
    expect(labels('BotScore !in ')).toEqual(['(']);
  });

  it('offers the values the catalog lists, leaving out those already in the list', () => {
    expect(labels('CacheCacheStatus eq ')).toEqual(fieldValues(builtinCatalog().get('http_requests')!.field('CacheCacheStatus')!));
    expect(labels('CacheCacheStatus eq ')).toContain('miss');
    const inList = labels('CacheCacheStatus in (miss, hit, ');
    expect(inList).toContain('expired');
    expect(inList).not.toContain('miss');
    expect(inList).not.toContain('hit');
    expect(labels('CacheReserveUsed eq ')).toEqual(['true', 'false']);
  });

  it('quotes values inside a string being typed', () => {
    const result = complete('CacheCacheStatus eq "mi', 23);
    expect([result.from, result.to]).toEqual([20, 23]);
    expect(result.items.map((i) => i.label)).toContain('"miss"');
    expect(labels("CacheCacheStatus eq 'mi")).toContain("'miss'");
  });

  it('offers AND, OR, and ) inside a group after a predicate', () => {
    expect(labels('ClientCountry eq us ')).toEqual(['AND', 'OR']);
    expect(labels('(ClientCountry eq us ')).toEqual(['AND', 'OR', ')']);
    expect(labels('ClientCountry in (us, ca) AND ')).toContain('BotScore');
  });

  it('offers nothing inside a comment or after a list value', () => {
    expect(labels('# Client')).toEqual([]);
    expect(labels('ClientCountry in (us')).toEqual([]);
  });

  it('works in the middle of a longer filter', () => {
    const offset = EXAMPLE.indexOf('lt') + 2;
    expect(complete(EXAMPLE, offset).expect).toBe('operator');
    expect(complete(EXAMPLE, offset).prefix).toBe('lt');
  });
});

describe('fieldValues', () => {
  it('reads comma lists of single words from descriptions and ignores other parentheses', () => {
    const ds = builtinCatalog().get('http_requests')!;
    expect(fieldValues(ds.field('ClientCountry')!)).toEqual([]);
    expect(fieldValues(ds.field('ClientMTLSAuthStatus')!)).toEqual(['unknown', 'ok', 'absent', 'untrusted', 'notyetvalid', 'expired']);
    expect(fieldValues(ds.field('BotScore')!)).toEqual([]);
  });
});

describe('hover', () => {
  it('gives a field its type and description', () => {
    expect(hover(EXAMPLE, 3)).toEqual({ from: 0, to: 13, kind: 'field', title: 'ClientCountry: string', text: '2-letter ISO-3166 country code of client IP' });
  });

  it('gives an operator its meaning, and names the canonical spelling of an alias', () => {
    expect(hover(EXAMPLE, EXAMPLE.indexOf('geq'))).toEqual({ from: 67, to: 70, kind: 'operator', title: 'geq: greater than or equal' });
    expect(hover('BotScore >= 5', 10)).toMatchObject({ title: 'geq: greater than or equal', text: "'>=' is written 'geq' in the output" });
    expect(hover('ClientCountry not in (us)', 15)).toMatchObject({ title: '!in: value is not in a set' });
  });

  it('explains keywords and how a value is read', () => {
    expect(hover(EXAMPLE, 26)).toMatchObject({ kind: 'keyword', title: 'AND' });
    expect(hover(EXAMPLE, EXAMPLE.indexOf('30'))).toMatchObject({ kind: 'value', title: 'value of BotScore (int)', text: 'read as the number 30' });
  });

  it('says a field is unknown and suggests one', () => {
    expect(hover('clientcountry eq us', 2)).toMatchObject({
      title: 'clientcountry: unknown field',
      text: "not a field of http_requests; did you mean 'ClientCountry'?",
    });
  });

  it('shows nothing over whitespace and punctuation', () => {
    expect(hover(EXAMPLE, EXAMPLE.indexOf('('))).toBeUndefined();
  });
});

describe('diagnostics', () => {
  it('are the compiler diagnostics with ranges', () => {
    expect(diagnostics('ClientCountry geq 5')).toEqual([
      {
        code: 'operator-not-allowed',
        severity: 'error',
        message: "'geq' cannot be used with string field 'ClientCountry'",
        range: { start: { offset: 14, line: 1, column: 15 }, end: { offset: 17, line: 1, column: 18 } },
        hint: 'string fields take eq, !eq, startsWith, endsWith, !startsWith, !endsWith, contains, !contains, in, !in',
      },
    ]);
    expect(diagnostics(EXAMPLE)).toEqual([]);
    expect(diagnostics('ClientCountry eq', { dataset: 'http_requests' }).map((d) => d.code)).toEqual(['expected-value']);
  });
});

describe('scan', () => {
  it('gives each token a role, also in text that does not parse', () => {
    expect(scan('ClientCountry in (us, # c\n ca) AND NOT BotScore').map((t) => `${t.image}:${t.role}`)).toEqual([
      'ClientCountry:field',
      'in:operator',
      '(:punctuation',
      'us:value',
      ',:punctuation',
      '# c:comment',
      'ca:value',
      '):punctuation',
      'AND:keyword',
      'NOT:keyword',
      'BotScore:field',
    ]);
  });
});
