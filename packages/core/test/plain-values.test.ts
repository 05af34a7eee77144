/**
 * compile writes the values of a text whose words hold nothing JSON escapes (and nothing beyond
 * ASCII), and that has no quoted string, as they are: the scanner tells it so. Every other text has
 * its values escaped and its UTF-8 bytes counted, wherever in a word, a string or a list the
 * character stands.
 */
import { compile, compileDataset, datasetFromFile } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const criterion = (operator: string, value: string | string[]) => `{"key":"ClientRequestPath","operator":"${operator}","value":${JSON.stringify(value)}}`;

describe('values written from the filter text', () => {
  const cases: Array<[string, string, string | string[]]> = [
    ['a backslash in a word', 'ClientRequestPath eq a\\b', 'a\\b'],
    ['a control character in a word', 'ClientRequestPath eq a\u0001b', 'a\u0001b'],
    ['a control character starting a word', 'ClientRequestPath eq \u0001b', '\u0001b'],
    ['a Latin-1 letter in a word', 'ClientRequestPath eq caf\u00e9', 'caf\u00e9'],
    ['a Latin-1 letter starting a word', 'ClientRequestPath eq \u00e9t\u00e9', '\u00e9t\u00e9'],
    ['a wider character starting a word', 'ClientRequestPath eq \u65e5\u672c', '\u65e5\u672c'],
    ['a tab in a string', 'ClientRequestPath eq "a\tb"', 'a\tb'],
    ['a double quote in a single-quoted string', `ClientRequestPath eq 'say "hi"'`, 'say "hi"'],
    ['an escape in a string', 'ClientRequestPath eq "a\\u0001\\n"', 'a\u0001\n'],
    ['a non-ASCII character in a string', 'ClientRequestPath eq "\u00fcber"', '\u00fcber'],
  ];
  for (const [what, text, value] of cases) {
    it(`escapes ${what}`, () => {
      const result = compile(text);
      expect(result.ok).toBe(true);
      expect(result.json).toBe(`{"where":${criterion('eq', value)}}`);
      expect(result.stats.bytes).toBe(Buffer.byteLength(result.json!, 'utf8'));
    });
  }

  it('escapes a value in a list, and in a predicate after plain ones', () => {
    const result = compile('ClientRequestPath eq /plain AND ClientRequestPath !in (/a, "/b\\"c", /d\u00e9)');
    expect(result.json).toBe(`{"where":{"and":[${criterion('eq', '/plain')},${criterion('!in', ['/a', '/b"c', '/d\u00e9'])}]}}`);
    expect(result.stats.bytes).toBe(Buffer.byteLength(result.json!, 'utf8'));
  });

  it('writes values with nothing to escape as they are, quoted or not, whatever the comments hold', () => {
    const result = compile('# caf\u00e9 "quoted" \\ \u0001\nClientRequestPath in (/a, b-c, "d.e", \'f\')');
    expect(result.json).toBe(`{"where":${criterion('in', ['/a', 'b-c', 'd.e', 'f'])}}`);
    expect(result.stats.bytes).toBe(result.json!.length);
  });
});

describe('keys written beside plain values', () => {
  it('are looked at: a dataset may name a field otherwise than the text asked', () => {
    const data = datasetFromFile({ dataset: 'test_logs', fields: [{ name: 'Città', type: 'string' }] });
    // A dataset in plain JavaScript that answers for a field under another name.
    const aliased = Object.create(data) as typeof data;
    aliased.field = (name: string) => data.field(name === 'Citta' ? 'Città' : name);
    const result = compileDataset('Citta eq roma', aliased);
    expect(result.json).toBe('{"where":{"key":"Città","operator":"eq","value":"roma"}}');
    expect(result.stats.bytes).toBe(Buffer.byteLength(result.json!, 'utf8'));
  });
});
