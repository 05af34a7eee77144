/** format: the canonical text of language.md section 4, exactly. */
import { format } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const formatted = (text: string) => {
  const result = format(text);
  expect(result.diagnostics).toEqual([]);
  return result.text ?? '';
};

describe('canonical spellings', () => {
  it('upper-cases keywords, spells operators canonically and writes lists in parentheses', () => {
    expect(formatted("clientcountry IN [us, 'ca'] and not (BotScore >= 30 || EdgeResponseStatus == 500) && !CacheReserveUsed = TRUE")).toBe(
      'clientcountry in (us, ca)\n  AND NOT (BotScore geq 30 OR EdgeResponseStatus eq 500)\n  AND NOT CacheReserveUsed eq TRUE',
    );
    expect(formatted('a NOT IN (1,2,) OR b not startswith x OR c != y OR d lte 3 OR e gte 4')).toBe(
      'a !in (1, 2) OR b !startsWith x OR c !eq y OR d leq 3 OR e geq 4',
    );
  });

  it('writes values bare when they read back the same, quoted otherwise', () => {
    expect(formatted('a in ("us", "and", "", "x y", "30", "true", "a#b", "(x)", "/api/v1/", "*.js", "2001:db8::1", "!x", "é")')).toBe(
      'a in (us, "and", "", "x y", "30", "true", "a#b", "(x)", /api/v1/, *.js, 2001:db8::1, "!x", é)',
    );
    // numbers and booleans are kept as written: a string field reads `007` as the text "007"
    expect(formatted('ClientRequestPath eq 007 AND b eq false')).toBe('ClientRequestPath eq 007 AND b eq false');
    expect(formatted(`a eq 'it\\'s' OR b eq "tab\\there" OR c eq "\\u0001"`)).toBe(`a eq "it's" OR b eq "tab\\there" OR c eq "\\u0001"`);
  });

  it('writes only the parentheses the grammar needs', () => {
    expect(formatted('((a eq 1)) AND ((b eq 2 AND c eq 3)) OR (d eq 4)')).toBe('a eq 1 AND (b eq 2 AND c eq 3) OR d eq 4');
    expect(formatted('(a eq 1 OR b eq 2) AND NOT (c eq 3)')).toBe('(a eq 1 OR b eq 2) AND NOT c eq 3');
  });
});

describe('long filters', () => {
  const long = 'ClientRequestHost eq www.example.com AND ClientRequestPath startsWith /api/v1/ AND ClientCountry in (us, ca, gb)';

  it('breaks a filter over 80 columns at its top-level AND, indenting the continuation', () => {
    expect(formatted(long)).toBe('ClientRequestHost eq www.example.com\n  AND ClientRequestPath startsWith /api/v1/\n  AND ClientCountry in (us, ca, gb)');
  });

  it('leaves a filter of 80 columns on one line', () => {
    const eighty = 'ClientRequestHost eq www.example.com AND ClientRequestPath startsWith /api/v1/xy';
    expect(eighty).toHaveLength(80);
    expect(formatted(eighty)).toBe(eighty);
    expect(formatted(`${eighty}z`)).toContain('\n');
  });

  it('puts OR lines under their first member and AND lines indented, as they bind', () => {
    expect(formatted(`${long} OR BotScore lt 30 AND EdgeResponseStatus geq 500`)).toBe(
      'ClientRequestHost eq www.example.com\n  AND ClientRequestPath startsWith /api/v1/\n  AND ClientCountry in (us, ca, gb)\nOR BotScore lt 30 AND EdgeResponseStatus geq 500',
    );
  });

  it('breaks a nested group that does not fit inside its parentheses', () => {
    expect(formatted(`BotScore lt 30 AND NOT (${long})`)).toBe(
      'BotScore lt 30\n  AND NOT (\n    ClientRequestHost eq www.example.com\n      AND ClientRequestPath startsWith /api/v1/\n      AND ClientCountry in (us, ca, gb)\n  )',
    );
  });
});

describe('comments', () => {
  it('keeps comments: own-line ones before what follows, end-of-line ones after their predicate', () => {
    const text = '# edge errors\nClientCountry in (us, ca)   # north america\nAND (BotScore lt 30 # bots\n  OR EdgeResponseStatus geq 500)\n# end\n';
    expect(formatted(text)).toBe(
      '# edge errors\nClientCountry in (us, ca)  # north america\n  AND (\n    BotScore lt 30  # bots\n    OR EdgeResponseStatus geq 500\n  )\n# end',
    );
  });

  it('moves a comment from inside a predicate to the end of its line', () => {
    expect(formatted('a in (1, # one\n 2) AND b eq 2')).toBe('a in (1, 2)  # one\n  AND b eq 2');
  });

  it('is idempotent on its own output', () => {
    const once = formatted('# h\na eq 1 AND # x\n b eq 2 AND (c eq 3 # y\n OR d in (1, # z\n 2)) # w\n');
    expect(format(once).text).toBe(once);
  });
});

describe('bad input', () => {
  it('gives the parse diagnostics and no text', () => {
    const result = format('ClientCountry eq');
    expect(result.ok).toBe(false);
    expect(result.text).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['expected-value']);
  });

  it('formats a filter with type errors: formatting needs no catalog', () => {
    expect(formatted('NoSuchField geq "x"')).toBe('NoSuchField geq x');
  });
});
