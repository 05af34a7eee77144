/**
 * Quick fixes travel on the diagnostic as text edits, made where the diagnostic is made: applying the
 * fix of each kind gives a filter that no longer has that diagnostic. Editors (the language server,
 * CodeMirror) apply them as they are, with no reading of hint text.
 */
import { describe, expect, it } from 'vitest';
import { compile, type Diagnostic, evaluate } from '../src/index.js';

/** The text with the edits of a diagnostic's first fix applied (last edit first, so offsets hold). */
function applyFix(text: string, diagnostic: Diagnostic): string {
  const [fix] = diagnostic.fixes ?? [];
  if (!fix) throw new Error(`no fix on ${diagnostic.code}`);
  return [...fix.edits]
    .sort((a, b) => b.range.start.offset - a.range.start.offset)
    .reduce((result, edit) => result.slice(0, edit.range.start.offset) + edit.newText + result.slice(edit.range.end.offset), text);
}

const CASES: Array<[code: string, before: string, after: string, title: string]> = [
  ['unknown-field', 'ClientCountri eq us', 'ClientCountry eq us', "Change to 'ClientCountry'"],
  ['unknown-field', 'clientcountry eq us', 'ClientCountry eq us', "Change to 'ClientCountry'"],
  ['unknown-operator', 'BotScore neq 30', 'BotScore !eq 30', "Change to '!eq'"],
  ['deprecated-operator', 'BotScore lte 30', 'BotScore leq 30', "Write 'leq'"],
  ['quoted-number', 'BotScore lt "30"', 'BotScore lt 30', 'Write 30 without quotes'],
  ['quoted-boolean', 'CacheReserveUsed eq "true"', 'CacheReserveUsed eq true', 'Write true'],
  ['quoted-boolean', 'CacheReserveUsed eq TRUE', 'CacheReserveUsed eq true', 'Write true'],
  ['expected-list', 'ClientCountry in us', 'ClientCountry in (us)', 'Write the list (us)'],
  ['unexpected-token', 'ClientRequestPath eq /a(b)', 'ClientRequestPath eq "/a(b)"', 'Quote the value: "/a(b)"'],
  // A list without its parentheses: quoting "us,ca" would make it one value (and a filter that passes no record).
  ['unexpected-token', 'ClientCountry in us,ca', 'ClientCountry in (us,ca)', 'Write the list in parentheses: (us,ca)'],
  [
    'unexpected-token',
    'BotScore lt 3 AND (ClientCountry !in us, ca)',
    'BotScore lt 3 AND (ClientCountry !in (us, ca))',
    'Write the list in parentheses: (us, ca)',
  ],
  // A range as other languages write it: two criteria, in parentheses after NOT (which would take the first alone).
  [
    'unknown-operator',
    'EdgeResponseStatus between 500 and 599',
    'EdgeResponseStatus geq 500 AND EdgeResponseStatus leq 599',
    'Write the range as two criteria',
  ],
  [
    'unknown-operator',
    'NOT BotScore BETWEEN 1 and 29 OR ClientCountry eq us',
    'NOT (BotScore geq 1 AND BotScore leq 29) OR ClientCountry eq us',
    'Write the range as two criteria',
  ],
  ['unknown-operator', 'EdgeResponseStatus between (500, 599)', 'EdgeResponseStatus geq 500 AND EdgeResponseStatus leq 599', 'Write the range as two criteria'],
  ['unknown-operator', 'NOT BotScore between [1, 29]', 'NOT (BotScore geq 1 AND BotScore leq 29)', 'Write the range as two criteria'],
  // A pattern of another language: one criterion of what it means (test/patterns.test.ts checks the meaning).
  ['unknown-operator', "ClientRequestPath like '/api%'", 'ClientRequestPath startsWith "/api"', 'Write ClientRequestPath startsWith "/api"'],
  ['unknown-operator', 'NOT ClientRequestPath matches "\\\\.php$"', 'NOT ClientRequestPath endsWith ".php"', 'Write ClientRequestPath endsWith ".php"'],
  [
    'unknown-operator',
    "ClientRequestHost not like '%.example.com'",
    'ClientRequestHost !endsWith ".example.com"',
    'Write ClientRequestHost !endsWith ".example.com"',
  ],
  // `~` stops the parser, which words it as the checker words `matches`.
  [
    'unknown-operator',
    'ClientRequestPath ~ "^/api/" AND BotScore lt 30',
    'ClientRequestPath startsWith "/api/" AND BotScore lt 30',
    'Write ClientRequestPath startsWith "/api/"',
  ],
  ['unknown-operator', "ClientRequestPath =~ '/admin'", 'ClientRequestPath contains "/admin"', 'Write ClientRequestPath contains "/admin"'],
  // One quoted value holding commas after in: its parts, not one value ("us,ca") that no record holds.
  ['expected-list', 'ClientCountry in "us,ca"', 'ClientCountry in ("us", "ca")', 'Write the list ("us", "ca")'],
  ['expected-list', "EdgeResponseStatus !in '500, 503,'", 'EdgeResponseStatus !in (500, 503)', 'Write the list (500, 503)'],
  ['unterminated-string', 'ClientCountry eq "us', 'ClientCountry eq "us"', 'Close the string with "'],
  ['value-case', 'ClientCountry in (US, ca, CA)', 'ClientCountry in (us, ca, ca)', 'Write the values in lower case'],
  ['value-case', 'ClientCountry eq "US"', 'ClientCountry eq "us"', 'Write "us"'],
];

describe('quick fixes on diagnostics', () => {
  it.each(CASES)('%s: %s', (code, before, after, title) => {
    const diagnostic = compile(before).diagnostics.find((d) => d.code === code);
    expect(diagnostic, `no ${code} for ${before}`).toBeDefined();
    expect(diagnostic!.fixes?.[0].title).toBe(title);
    const fixed = applyFix(before, diagnostic!);
    expect(fixed).toBe(after);
    expect(compile(fixed).diagnostics.map((d) => d.code)).not.toContain(code);
  });

  it('takes values after in for a list only after a field', () => {
    for (const text of ['in us,ca', 'NOT in us, ca']) {
      const diagnostic = compile(text).diagnostics[0];
      expect(diagnostic.message, text).not.toContain('a list is written in parentheses');
    }
    expect(compile('ClientCountry not in us, ca').diagnostics[0].fixes?.[0].title).toBe('Write the list in parentheses: (us, ca)');
  });

  it('writes a range as criteria that keep its meaning', () => {
    for (const [text, low, high] of [
      ['EdgeResponseStatus between 500 and 599 AND BotScore lt 30', 500, 599],
      ['BotScore lt 3 OR EdgeResponseStatus between (500, 599)', 500, 599],
      ['NOT EdgeResponseStatus between 500 and 599', 500, 599],
      ['!(EdgeResponseStatus between [500, 599])', 500, 599],
    ] as const) {
      const diagnostic = compile(text).diagnostics[0];
      expect(diagnostic.message, text).toBe("'between' is not an operator: a range is two criteria joined by AND");
      const fixed = compile(applyFix(text, diagnostic));
      expect(fixed.ok, applyFix(text, diagnostic)).toBe(true);
      const negated = text.includes('NOT') || text.includes('!');
      for (const status of [low - 1, low, high, high + 1]) {
        const inRange = status >= low && status <= high;
        const record = { EdgeResponseStatus: status, BotScore: 10 };
        expect(evaluate(fixed.filter!, record), `${text} at ${status}`).toBe(negated ? !inRange : inRange);
      }
    }
  });

  it('takes no range of text or a range without its end', () => {
    for (const text of ['ClientCountry between a and z', 'EdgeResponseStatus between 500 and', 'ClientCountry between (a, z)', 'BotScore between (1, 2, 3)']) {
      const diagnostic = compile(text).diagnostics[0];
      expect(diagnostic.message, text).not.toContain('a range is two criteria');
    }
  });

  it('gives no fix where the hint has nothing to write', () => {
    const diagnostic = compile('Nonsense eq 1').diagnostics.find((d) => d.code === 'unknown-field');
    expect(diagnostic?.hint).toBe('check the fields of dataset http_requests');
    expect(diagnostic?.advice).toEqual({ kind: 'list-fields', dataset: 'http_requests' });
    expect(diagnostic?.fixes).toBeUndefined();
  });

  it('gives no text edits for a filter read from JSON (its positions are in the JSON)', async () => {
    const { decompile } = await import('../src/index.js');
    const result = decompile('{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}');
    const diagnostic = result.diagnostics.find((d) => d.code === 'unknown-field');
    expect(diagnostic?.hint).toContain('ClientCountry');
    expect(diagnostic?.fixes).toBeUndefined();
  });
});
