/** A `*` at an end of a text value, which the service compares as a character: what the pattern means, as the language writes it. */
import { describe, expect, it } from 'vitest';
import { compile, evaluate } from '../src/index.js';
import { globCriterion, hasEdgeStar } from '../src/language/operator-suggest.js';
import type { Operator } from '../src/language/operators.js';

describe('globCriterion', () => {
  const cases: Array<[Operator, string, Operator, string]> = [
    ['eq', '*.example.com', 'endsWith', '.example.com'],
    ['eq', '/api/*', 'startsWith', '/api/'],
    ['eq', '*bot*', 'contains', 'bot'],
    ['in', '*.js', 'endsWith', '.js'],
    ['!eq', '/api/*', '!startsWith', '/api/'],
    ['!in', '*.example.com', '!endsWith', '.example.com'],
    ['startsWith', '/static/*', 'startsWith', '/static/'],
    ['startsWith', '*/admin', 'contains', '/admin'],
    ['endsWith', '*.php', 'endsWith', '.php'],
    ['endsWith', '.php*', 'contains', '.php'],
    ['!startsWith', '*/admin', '!contains', '/admin'],
    ['contains', '*bot', 'contains', 'bot'],
    ['!contains', 'bot*', '!contains', 'bot'],
  ];
  it.each(cases)('%s %s means %s %s', (operator, text, meant, rest) => {
    expect(globCriterion(operator, text)).toEqual({ operator: meant, text: rest });
  });

  it('means nothing for a star left inside, or a value of stars alone', () => {
    for (const text of ['*', '**', '*a*b', '/a*b*']) expect(globCriterion('eq', text), text).toBeUndefined();
    expect(hasEdgeStar('*')).toBe(false);
    expect(hasEdgeStar('/a*b')).toBe(false);
  });

  it('writes a criterion that passes what the pattern passes, as a glob reads it', () => {
    const glob = (pattern: string, value: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\/]/g, '\\$&').replaceAll('*', '.*')}$`).test(value);
    const values = [
      'a.example.com',
      '.example.com',
      'example.com',
      '/api/v1',
      '/api/',
      '/apix',
      'mybot',
      'bot',
      'robots',
      'x/admin/y',
      '/admin',
      'a.php',
      'a.php.bak',
      '',
    ];
    for (const [operator, text] of cases) {
      if (operator !== 'eq' && operator !== '!eq') continue;
      const meant = globCriterion(operator, text)!;
      const filter = compile(`ClientRequestPath ${meant.operator} ${JSON.stringify(meant.text)}`).filter!;
      for (const value of values) {
        const passes = glob(text, value) !== (operator === '!eq');
        expect(evaluate(filter, { ClientRequestPath: value }), `${operator} ${text} on ${value}`).toBe(passes);
      }
    }
  });
});

describe('a value with a star at an end', () => {
  it('is a warning with what the pattern means', () => {
    const result = compile('ClientRequestPath !in (/health, /api/*) AND BotScore lt 30');
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'not-a-wildcard',
        severity: 'warning',
        message: `'*' in "/api/*" is a character to the service, not a wildcard`,
        hint: 'the service compares text: for what "/api/*" means, write ClientRequestPath !startsWith "/api/"',
      },
    ]);
  });

  it('is not a warning for a star inside, on another kind of field, or with lint off', () => {
    for (const text of ['ClientRequestPath eq /a*b', 'ClientRequestPath eq *', 'ClientRequestPath endsWith .js', 'BotDetectionTags contains *api']) {
      expect(
        compile(text).diagnostics.map((d) => d.code),
        text,
      ).not.toContain('not-a-wildcard');
    }
    expect(compile('ClientRequestHost eq *.example.com', { lint: false }).diagnostics).toEqual([]);
  });
});
