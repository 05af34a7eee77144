/**
 * The fast path of `logfilter test` (engines/scan.ts: a byte scanner that reads only the filter's
 * members) against the reference it replaces (JSON.parse, exact over 64-bit integers, then
 * evaluate): on generated filters and roughed-up records, on those records' lines mangled as logs
 * get mangled (duplicate keys, keys spelled with escapes, odd spacing, a byte cut, doubled or
 * replaced), and on a corpus of lines at the edges of JSON's grammar. Whenever the scanner gives a
 * record, JSON.parse reads the line as an object and the verdicts agree; whenever it gives none,
 * JSON.parse refuses the line or reads something other than an object.
 */
import { exactRecordParser, type FilterJson, filterKeys, matcher, parseJsonExact } from '@logfilter/core';
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
    // The scanner hands out one record object, refilled by each call: a copy is kept.
    const read = (bytes: Buffer, end: number) => {
      const record = scanner.record(bytes, 0, end);
      return record === undefined ? 'none' : { ...record };
    };
    for (const line of ODD)
      for (const after of ['}', '"}', ':1}', ',"a":"1"}', ']}', '\n', '"', '0', 'e']) {
        const alone = Buffer.from(line);
        const within = Buffer.from(line + after);
        expect({ line, after, record: read(within, alone.length) }).toEqual({ line, after, record: read(alone, alone.length) });
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
    for (const [index, line] of lines.entries()) judge.line(line, 0, line.length, index + 1, false);
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

/**
 * The scanner's own fast paths, each at its edges: member names compared as bytes (a prefix of a
 * wanted name, or one written with an escape), values stepped over without being decoded (nested
 * objects and arrays, strings with escapes), strings stepped over four bytes at a time (so every
 * special byte is tried at every place in a word, and every line at every alignment in its
 * buffer), numbers read without a string, and short strings looked up by their bytes.
 */
describe('the fast paths give the values JSON.parse gives', () => {
  const KEYS = ['Client', 'ClientCountry', 'BotScore', 'é', 'a"b', 'a\\b'];

  /** What the scanner reads for each key, beside JSON.parse's (exact) values; 'none' when either gives no object. */
  function readings(line: string, before = 0, after = '\n'): { scanned: unknown; parsed: unknown } {
    let parsed: unknown;
    try {
      parsed = parseJsonExact(line);
    } catch {
      parsed = 'none';
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) parsed = 'none';
    else parsed = Object.fromEntries(KEYS.map((key) => [key, Object.hasOwn(parsed as object, key) ? (parsed as Record<string, unknown>)[key] : undefined]));
    // The line at `before` bytes into a buffer that ends just after `after`.
    const bytes = Buffer.from(line);
    const buffer = Buffer.allocUnsafeSlow(before + bytes.length + Buffer.byteLength(after)).fill(0x7b);
    bytes.copy(buffer, before);
    buffer.write(after, before + bytes.length);
    const record = new FieldScanner(KEYS).record(buffer, before, before + bytes.length);
    const scanned = record === undefined ? 'none' : Object.fromEntries(KEYS.map((key) => [key, record[key]]));
    return { scanned, parsed };
  }

  function expectSame(line: string, before = 0, after = '\n'): void {
    const { scanned, parsed } = readings(line, before, after);
    expect({ line, before, after, scanned }).toEqual({ line, before, after, scanned: parsed });
  }

  it('compares member names as bytes: a prefix of a wanted name, a longer one, one written with escapes', () => {
    const lines = [
      '{"Client":"x","ClientCountry":"us","ClientCountryCode":"ca","ClientCountr":"gb"}',
      '{"ClientCountr":"gb","Clien":"x","ClientCountry2":"de"}',
      '{"Client\\u0043ountry":"ca"}',
      '{"ClientCountry":"us","Client\\u0043ountry":"ca"}',
      '{"Client\\u0043ountry":"ca","ClientCountry":"us"}',
      '{"\\u0042otScore":7,"BotScor\\u0065":8}',
      '{"\\u00e9":1,"é":2}',
      '{"e\\u0301":1}',
      '{"a\\"b":"quote","a\\\\b":"backslash","a\\/b":"slash"}',
      '{"a\\u0022b":"quote by code"}',
      '{"ClientCountry\\u0000":"x","Client\\nCountry":"y"}',
      '{"ClientCountr\\u0079":"by escape","ClientCountryX":"z"}',
      '{"":"empty","ClientCountry":""}',
      '{"__proto__":"p","ClientCountry":"us"}',
    ];
    for (const line of lines) expectSame(line);
    expect(readings('{"ClientCountry":"us","Client\\u0043ountry":"ca"}').scanned).toMatchObject({ ClientCountry: 'ca' });
    expect(readings('{"Client":"x","ClientCountryCode":"ca"}').scanned).toMatchObject({ Client: 'x', ClientCountry: undefined });
  });

  it('steps over nested objects and arrays, whatever members and names they hold', () => {
    const lines = [
      '{"x":{"ClientCountry":"ca"},"ClientCountry":"us"}',
      '{"x":[{"ClientCountry":"ca"}],"BotScore":1}',
      '{"x":{"y":{"z":[[],[{}],{"a":[1,"]",{"}":"{"}]}]}},"BotScore":2}',
      '{"x":[1,2,[3,[4,[5]]]],"Client":[1,"a",true,null,{"b":[]}]}',
      '{"ClientCountry":{"nested":"us"}}',
      '{"ClientCountry":["us","ca"]}',
      '{"x":[1,2,],"ClientCountry":"us"}',
      '{"x":{"a":1,},"ClientCountry":"us"}',
      '{"x":[1 , 2 ,\t3],"ClientCountry":"us"}',
      '{"x":{ "a" : 1 , "b" : [ ] },"ClientCountry":"us"}',
      '{"x":[}],"ClientCountry":"us"}',
      '{"x":{"a"},"ClientCountry":"us"}',
      '{"x":{"a":1 "b":2},"ClientCountry":"us"}',
      '{"x":[',
      '{"x":{',
      '{"x":[[[[',
      // Arrays as logs write them (no spaces, no nesting) are stepped over on a shorter path; the rest falls back.
      '{"x":["a",{"b":1}],"ClientCountry":"us"}',
      '{"x":[1,"x\\"y",true,false,null,-0.5e3,"]"],"ClientCountry":"us"}',
      '{"x":[1 ],"ClientCountry":"us"}',
      '{"x":[ ],"ClientCountry":"us"}',
      '{"x":[1,,2],"ClientCountry":"us"}',
      '{"x":[tru],"ClientCountry":"us"}',
      '{"x":[1]]',
      '{"x":["a"',
      '{"x":["a",',
      '{"ClientCountry":"us","x":[1,2]}',
    ];
    for (const line of lines) expectSame(line);
  });

  it('steps over strings four bytes at a time: each special byte at each place in a word, each line at each alignment', () => {
    const specials = [
      '"',
      '\\"',
      '\\\\',
      '\\/',
      '\\n',
      '\\u0041',
      '\\u00e9',
      '\\ud83d\\ude00',
      'é',
      '😀',
      '\u007f',
      '\t',
      '\u0001',
      '\u001f',
      '\\',
      '\\x',
      '\\u12',
      ' ',
      '#',
      '!',
      '$',
      ']',
      '[',
    ];
    for (const special of specials)
      for (let pad = 0; pad < 6; pad++) {
        const text = `${'p'.repeat(pad)}${special}${'q'.repeat(5 - pad)}`;
        for (const line of [`{"x":"${text}","ClientCountry":"us"}`, `{"ClientCountry":"${text}"}`, `{"${text}":1,"BotScore":2}`])
          for (let before = 0; before < 4; before++) expectSame(line, before);
      }
    // A line that ends where its buffer does (no `\n` after it), or that is followed by anything.
    for (const line of ['{"ClientCountry":"us"}', '{"ClientCountry":"us', '{"ClientCountry":"u\\', '{"BotScore":12', '{"BotScore":tru'])
      for (const after of ['', '\n', '"}', '0}', 'e}', 'x']) for (let before = 0; before < 4; before++) expectSame(line, before, after);
  });

  it('reads numbers at the edges exactly, and steps over those it does not need', () => {
    const numbers = [
      '0',
      '-0',
      '7',
      '-7',
      '0.0',
      '-0.0',
      '1e5',
      '1E5',
      '1e+5',
      '1e-5',
      '-1.5e+3',
      '2.50',
      '123456789012345',
      '-123456789012345',
      '1234567890123456',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '-9007199254740993',
      '9223372036854775807',
      '-9223372036854775808',
      '-9223372036854775809',
      '18446744073709551615',
      '18446744073709551616',
      '1e400',
      '-1e400',
      '1e-400',
      '00',
      '01',
      '-',
      '--1',
      '1.',
      '.1',
      '1e',
      '1e+',
      '+1',
      '0x10',
      '1_000',
      'Infinity',
      'NaN',
    ];
    for (const number of numbers)
      for (const line of [
        `{"BotScore":${number}}`,
        `{"BotScore":${number},"x":1}`,
        `{"x":${number},"BotScore":1}`,
        `{"x":[${number}],"BotScore":1}`,
        `{"BotScore":[${number}]}`,
      ])
        expectSame(line);
    expect(readings('{"BotScore":18446744073709551615}').scanned).toMatchObject({ BotScore: 18446744073709551615n });
    expect(readings('{"BotScore":-0}').scanned).toMatchObject({ BotScore: -0 });
  });

  it('gives each short string its own text, however many different ones it meets', () => {
    const scanner = new FieldScanner(['ClientCountry']);
    // More different short strings than the table keeps, of every short length, then the first ones again.
    const texts = Array.from({ length: 3000 }, (_, n) => n.toString(36).slice(0, 1 + (n % 6)) + (n % 7 === 0 ? 'é' : ''));
    for (const text of [...texts, ...texts.slice(0, 50), '', 'é']) {
      const bytes = Buffer.from(`${JSON.stringify({ ClientCountry: text })}\n`);
      expect(scanner.record(bytes, 0, bytes.length - 1)?.ClientCountry).toBe(text);
    }
  });
});
