/**
 * The fast path of `logfilter test` (engines/scan.ts: a byte scanner that reads only the filter's
 * members) against the reference it replaces (JSON.parse, exact over 64-bit integers, then
 * evaluate): on generated filters and roughed-up records, on those records' lines mangled as logs
 * get mangled (duplicate keys, keys spelled with escapes, odd spacing, a byte cut, doubled or
 * replaced), and on a corpus of lines at the edges of JSON's grammar. Whenever the scanner gives a
 * record, JSON.parse reads the line as an object and the verdicts agree; whenever it gives none,
 * JSON.parse refuses the line or reads something other than an object.
 */
import { exactRecordParser, type FilterJson, filterKeys, matcher } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineJudge, OutputBlocks } from '../src/engines/judge.js';
import { judgeLine } from '../src/engines/line-reader.js';
import { FieldScanner } from '../src/engines/scan.js';
import { recordJson, sqlCase } from '../../../test/support/sql-records.js';

/** The scanner's reading of a line against the reference's: both a verdict, or both no record. */
function agreement(json: FilterJson, line: string): { fast: boolean | 'none'; reference: boolean | 'none' } {
  const keys = filterKeys(json);
  const test = matcher(json);
  const reference = judgeLine(line, test, exactRecordParser(keys));
  const bytes = Buffer.from(line, 'utf8');
  const record = new FieldScanner(keys).record(bytes, 0, bytes.length);
  return { fast: record === undefined ? 'none' : test(record), reference: typeof reference === 'boolean' ? reference : 'none' };
}

function expectAgreement(json: FilterJson, line: string): void {
  const { fast, reference } = agreement(json, line);
  expect({ line, fast }).toEqual({ line, fast: reference });
}

/** Ways a log line is mangled: members repeated or respelled, spacing, a byte dropped, doubled or replaced. */
const mangle = (line: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(line),
    // A member repeated at the end (a duplicate key: the last wins).
    fc.nat().map((n) => {
      const members = line.slice(1, -1).split(/,(?=")/);
      if (members.length === 0 || members[0] === '') return line;
      return `{${[...members, members[n % members.length]].join(',')}}`;
    }),
    // A key's first letter written as an escape.
    fc.nat().map((n) => {
      const keys = [...line.matchAll(/[{,]"([A-Za-z])/g)];
      if (keys.length === 0) return line;
      const key = keys[n % keys.length];
      const at = key.index! + 2;
      return `${line.slice(0, at)}\\u${key[1].charCodeAt(0).toString(16).padStart(4, '0')}${line.slice(at + 1)}`;
    }),
    // JSON whitespace (or not quite) around the punctuation.
    fc.constantFrom(' ', '\t', '\r', '\n', '\f', '\u00a0').map((space) => line.replace(/([{}[\],:])/g, `${space}$1${space}`)),
    fc.tuple(fc.nat(), fc.constantFrom('drop', 'double', 'replace'), fc.constantFrom(...'{}[],:"\\0-.eE+ tfnu1\u0000\u001f')).map(([n, how, char]) => {
      const at = n % Math.max(1, line.length);
      if (how === 'drop') return line.slice(0, at) + line.slice(at + 1);
      if (how === 'double') return line.slice(0, at) + line[at] + line.slice(at);
      return line.slice(0, at) + char + line.slice(at + 1);
    }),
  );

describe('the scanner reads as JSON.parse and evaluate do', () => {
  it('on generated filters and records, and on their lines mangled', () => {
    fc.assert(
      fc.property(
        sqlCase.chain(({ json, records }) =>
          fc.tuple(
            fc.constant(json),
            fc.constantFrom(...records).chain((record) => mangle(recordJson(record))),
          ),
        ),
        ([json, line]) => expectAgreement(json, line),
      ),
      { numRuns: 3000 },
    );
  });

  const FILTER = {
    where: {
      or: [
        { key: 'a', operator: 'eq', value: '1' },
        { key: '__proto__', operator: 'eq', value: 'x' },
        { key: 'é', operator: 'in', value: [2, 18446744073709551615n] },
      ],
    },
  } as unknown as FilterJson;
  const ODD = [
    '{"a":1}',
    '{"a":1',
    '{"a":"1',
    '{"a":"1"',
    '{"a":"1",',
    '{"a":',
    '{"a"',
    '{"a',
    '{',
    '{"a":[1',
    '{"a":1,}',
    '{"a":01}',
    '{"a":1.}',
    '{"a":.5}',
    '{"a":-}',
    '{"a":-0}',
    '{"a":1e}',
    '{"a":1e+}',
    '{"a":1E+2}',
    '{"a":1.0e-0}',
    '{"a":+1}',
    '{"a":"\\x"}',
    '{"a":"\\u12"}',
    '{"a":"\\u123g"}',
    '{"a":"\\u0031"}',
    '{"a":"1\t"}',
    '{"a":"\u007f1"}',
    '{"a":tru}',
    '{"a":true}',
    '{"a":truex}',
    '{"a":nul}',
    '{"a":null}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":[1,]}',
    '{"a":[,1]}',
    '{"a":[1]}',
    '{"a":{"b":}}',
    '{"a":{"b":1}}',
    '{"a":{"b":1},"a":1}',
    '{"a":1,"a":{"b":1}}',
    '{"a" 1}',
    '{a:1}',
    "{'a':1}",
    '{"a":1}}',
    '{"a":1} x',
    '{"a":1}{"a":1}',
    '  {"a":1}  \r',
    '{"a":1}\u00a0',
    '{"a":"1"\u0000}',
    '',
    '   ',
    '\r',
    '[1]',
    '"a"',
    '1',
    'null',
    '{}',
    '{ }',
    '{"__proto__":"x"}',
    '{"__proto__":{"a":"1"}}',
    '{"\\u0061":"1"}',
    '{"a":"1","\\u0061":"2"}',
    '{"\\u00e9":2}',
    '{"é":2}',
    '{"e\\u0301":2}',
    '{"é":18446744073709551615}',
    '{"é":18446744073709551614}',
    '{"é":18446744073709551616}',
    '{"é":[1,18446744073709551615]}',
    '{"é":"18446744073709551615"}',
    '{"é":1.8446744073709551615e19}',
    '{"é":2.0}',
    '{"é":2e0}',
    '{"é":"\\ud800"}',
    '{"a":"\\ud800"}',
    `{"b":${'['.repeat(5000)}${']'.repeat(5000)},"a":"1"}`,
    `{"b":${'['.repeat(5000)}${']'.repeat(4999)},"a":"1"}`,
    `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
    '{"a":"1","b":[{"c":[true,false,null,-1.5e-3,"x\\"y"]}]}',
  ];

  it('on a corpus of lines at the edges of JSON', () => {
    for (const line of ODD) expectAgreement(FILTER, line);
    // The bytes after the line (the rest of a block) never change what the scanner reads.
    const scanner = new FieldScanner(filterKeys(FILTER));
    for (const line of ODD)
      for (const after of ['}', '"}', ':1}', ',"a":"1"}', ']}', '\n']) {
        const alone = Buffer.from(line);
        const within = Buffer.from(line + after);
        expect({ line, after, record: scanner.record(within, 0, alone.length) }).toEqual({ line, after, record: scanner.record(alone, 0, alone.length) });
      }
    const countsBoth = ODD.map((line) => agreement(FILTER, line));
    // The corpus has lines of every kind: let through, dropped, and no record.
    expect(new Set(countsBoth.map(({ reference }) => reference))).toEqual(new Set([true, false, 'none']));
  });

  it('on random text near JSON', () => {
    const near = fc.array(fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"b"', '"é"', '1', '-', '0', '.', 'e', 'true', 'null', ' ', '\\', '"'), {
      maxLength: 24,
    });
    fc.assert(
      fc.property(near, (parts) => expectAgreement(FILTER, `{${parts.join('')}`)),
      { numRuns: 5000 },
    );
  });

  it('the whole judge gives each line the verdict of the reference, invalid UTF-8 and blank lines included', () => {
    const lines = [...ODD.map((line) => Buffer.from(line)), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])];
    const verdicts: string[] = [];
    const output: Buffer[] = [];
    const blocks = new OutputBlocks((block) => output.push(Buffer.from(block)));
    const judge = new LineJudge({ filter: FILTER, count: false, invert: false }, blocks, (n, reason) => verdicts.push(`${n}: ${reason}`));
    for (const [index, line] of lines.entries()) judge.line(line, 0, line.length, index + 1);
    blocks.take();
    const test = matcher(FILTER);
    const parse = exactRecordParser(filterKeys(FILTER));
    const expected = ODD.map((line) => judgeLine(line, test, parse));
    expect(judge.counts).toEqual({
      records: expected.filter((v) => typeof v === 'boolean').length,
      printed: expected.filter((v) => v === true).length,
      skipped: expected.filter((v) => v instanceof Error).length + 1,
    });
    expect(verdicts.at(-1)).toBe(`${lines.length}: not valid UTF-8`);
    expect(Buffer.concat(output).toString('utf8')).toBe(
      ODD.filter((_, i) => expected[i] === true)
        .map((line) => `${line}\n`)
        .join(''),
    );
  });
});
