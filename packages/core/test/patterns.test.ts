/** A pattern operator of another language (`like`, `matches`, `wildcard`), which the service does not have: what the pattern means, as the language writes it. */
import { describe, expect, it } from 'vitest';
import { compile, evaluate } from '../src/index.js';
import { patternCriterion } from '../src/language/operator-suggest.js';
import type { Operator } from '../src/language/operators.js';

describe('patternCriterion', () => {
  const cases: Array<[string, string, Operator, string]> = [
    ['like', '/api%', 'startsWith', '/api'],
    ['LIKE', '%.php', 'endsWith', '.php'],
    ['like', '%bot%', 'contains', 'bot'],
    ['like', 'GET', 'eq', 'GET'],
    ['not like', '%bot%', '!contains', 'bot'],
    ['!like', '/api%', '!startsWith', '/api'],
    ['ilike', '%bot%', 'contains', 'bot'],
    ['matches', '^/api/', 'startsWith', '/api/'],
    ['matches', '\\.php$', 'endsWith', '.php'],
    ['matches', '^/health$', 'eq', '/health'],
    ['matches', 'bot', 'contains', 'bot'],
    ['regex', '^\\/api\\/', 'startsWith', '/api/'],
    ['rlike', '.*bot.*', 'contains', 'bot'],
    ['matches', '^/api/.*', 'startsWith', '/api/'],
    ['not_matches', '^/api', '!startsWith', '/api'],
    ['wildcard', '*.example.com', 'endsWith', '.example.com'],
    ['glob', '/static/*', 'startsWith', '/static/'],
    ['wildcard', 'example.com', 'eq', 'example.com'],
  ];
  it.each(cases)('%s %s means %s %s', (spelling, pattern, operator, text) => {
    expect(patternCriterion(spelling, pattern)?.criterion).toEqual({ operator, text });
  });

  it('names a pattern it cannot write as one criterion, and no other spelling', () => {
    for (const [spelling, pattern] of [
      ['like', 'a_c'],
      ['like', '/a%b'],
      ['like', '%'],
      ['like', 'a\\%'],
      ['matches', '^/v[0-9]+'],
      ['matches', 'a|b'],
      ['matches', '^/api/v1.0'],
      ['matches', '.*'],
      ['matches', '^$'],
      ['matches', 'a\\d'],
      ['wildcard', '/a?c'],
      ['wildcard', '*a*b'],
    ]) {
      const found = patternCriterion(spelling, pattern);
      expect(found, `${spelling} ${pattern}`).toBeDefined();
      expect(found?.criterion, `${spelling} ${pattern}`).toBeUndefined();
    }
    for (const spelling of ['between', 'eq', 'likes', 'contains']) expect(patternCriterion(spelling, '%a%'), spelling).toBeUndefined();
  });

  it('writes a criterion that passes what the pattern passes, as its own language reads it', () => {
    const quote = (text: string) => text.replace(/[.+?^${}()|[\]\\/*]/g, '\\$&');
    const reads: Record<string, (pattern: string) => RegExp> = {
      like: (pattern) => new RegExp(`^${quote(pattern).replaceAll('%', '.*')}$`, 's'),
      regex: (pattern) => new RegExp(pattern, 's'),
      glob: (pattern) => new RegExp(`^${quote(pattern).replaceAll('\\*', '.*')}$`, 's'),
    };
    const values = [
      '/api',
      '/api/',
      '/api/v1',
      '/apix',
      'x/api',
      'a.php',
      '.php',
      'a.phpx',
      'mybot',
      'bot',
      'robots',
      'GET',
      'get',
      '/health',
      '/health/x',
      'a.example.com',
      'example.com',
      '/static/a',
      '',
    ];
    for (const [spelling, pattern] of cases) {
      const found = patternCriterion(spelling, pattern)!;
      const dialect = found.dialect === 'ilike' ? 'like' : found.dialect;
      const negated = /^(?:!|not)/i.test(spelling);
      const filter = compile(`ClientRequestPath ${found.criterion!.operator} ${JSON.stringify(found.criterion!.text)}`).filter!;
      for (const value of values) {
        // ILIKE ignores case, which no criterion can: compared on values of one case.
        if (found.dialect === 'ilike' && value !== value.toLowerCase()) continue;
        const passes = reads[dialect](pattern).test(value) !== negated;
        expect(evaluate(filter, { ClientRequestPath: value }), `${spelling} ${pattern} on ${JSON.stringify(value)}`).toBe(passes);
      }
    }
  });
});

describe('a pattern operator in a filter', () => {
  it('is an unknown operator whose hint writes what the pattern means (its quick fix: fixes.test.ts)', () => {
    const result = compile("ClientCountry eq us AND NOT ClientRequestPath like '/api%'");
    expect(result.diagnostics).toMatchObject([
      {
        code: 'unknown-operator',
        severity: 'error',
        message: "'like' is not an operator: the service compares text as it is, with no patterns",
        hint: 'for what "/api%" means, write ClientRequestPath startsWith "/api"',
        fixes: [{ title: 'Write ClientRequestPath startsWith "/api"' }],
      },
    ]);
  });

  it('writes no criterion for ILIKE (the service compares with case), off a text field, or after an escape the language does not take', () => {
    const ilike = compile("ClientRequestUserAgent ilike '%bot%'").diagnostics[0];
    expect(ilike.hint).toBe('for what "%bot%" means, write ClientRequestUserAgent contains "bot" (which compares with case)');
    expect(ilike.fixes).toBeUndefined();
    // An escape elsewhere in the filter leaves this value as it was typed.
    const elsewhere = compile("ClientRequestHost eq 'a\\.b' AND ClientRequestPath like '/api%'").diagnostics.find((d) => d.code === 'unknown-operator');
    expect(elsewhere?.hint).toBe('for what "/api%" means, write ClientRequestPath startsWith "/api"');
    const generic = 'write the text a value starts with (startsWith), ends with (endsWith), contains (contains) or is (eq)';
    for (const text of [
      "BotScore like '3%'",
      "BotDetectionTags like '%api%'",
      "ClientRequestPath matches '\\.php$'",
      "ClientRequestPath like ('/a%', '/b%')",
      'ClientRequestPath matches "^/v[0-9]+"',
    ]) {
      const found = compile(text).diagnostics.find((d) => d.code === 'unknown-operator');
      expect(found, text).toMatchObject({ message: expect.stringContaining('with no patterns'), hint: generic });
      expect(found?.fixes, text).toBeUndefined();
    }
  });

  it("reads `~`, `!~` and `=~` (Cloudflare's rules, Perl) as `matches`: the parser stops at them", () => {
    for (const [text, spelling, criterion] of [
      ['ClientRequestPath ~ "^/api/"', '~', 'ClientRequestPath startsWith "/api/"'],
      ["NOT ClientRequestPath !~ '\\\\.php$' AND BotScore lt 30", '!~', 'ClientRequestPath !endsWith ".php"'],
      ['ClientRequestUserAgent =~ bot', '=~', 'ClientRequestUserAgent contains "bot"'],
    ]) {
      const [diagnostic] = compile(text).diagnostics;
      expect(diagnostic, text).toMatchObject({
        code: 'unknown-operator',
        message: `'${spelling}' is not an operator: the service compares text as it is, with no patterns`,
        hint: expect.stringMatching(new RegExp(`, write ${criterion.replace(/[.$]/g, '\\$&')}$`)),
        fixes: [{ title: `Write ${criterion}` }],
      });
    }
    // A pattern that says more, or a value the language cannot read, is told the text operators.
    for (const text of ['ClientRequestPath ~ "^/v[0-9]"', "ClientRequestPath ~ '\\.php$'"]) {
      expect(compile(text).diagnostics[0], text).toMatchObject({
        code: 'unknown-operator',
        hint: 'write the text a value starts with (startsWith), ends with (endsWith), contains (contains) or is (eq)',
      });
      expect(compile(text).diagnostics[0].fixes, text).toBeUndefined();
    }
    // `~` after a whole predicate, or with no value, is not read so.
    expect(compile('ClientRequestPath eq a ~ b').diagnostics[0].code).toBe('unexpected-token');
    expect(compile('ClientRequestPath ~').diagnostics[0].code).toBe('expected-operator');
  });
});
