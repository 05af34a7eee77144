/**
 * `logfilter test` gives the same counts and the same stdout bytes on input of every awkward kind,
 * whichever way it reads it (a file, gzip, standard input): a byte-order mark, CRLF line ends, a
 * line that is not valid UTF-8, duplicate keys, blank and non-JSON lines, syntax other parsers
 * take and JSON.parse refuses; with --invert and --count. Each property is also held to its own
 * expected output.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, runCli, tempFiles } from '../support/cli.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const text = (s: string) => Buffer.from(s, 'utf8');
const US = '{"ClientCountry":"us","n":1}';
const CRLF = '{"ClientCountry":"us","n":2}';
const DUPLICATE = '{"ClientCountry":"xx","ClientCountry":"us","n":3}';
const ESCAPED_DUPLICATE = '{"ClientCountry":"us","Client\\u0043ountry":"xx","n":4}';
const NOT_UTF8 = Buffer.concat([text('{"ClientCountry":"us","n":"'), Buffer.from([0xff, 0xc0, 0x80]), text('"}')]);

/** Every kind at once: BOM, CRLF, invalid UTF-8, duplicate keys, blank and non-JSON lines. */
function mixed(): Buffer {
  return Buffer.concat([
    BOM,
    text(`${US}\n${CRLF}\r\n`),
    NOT_UTF8,
    text(`\n${DUPLICATE}\n${ESCAPED_DUPLICATE}\n\n  \t\r\n\r\nnot json\n[1,2]\n{"ClientCountry":"fr","n":5}\n`),
    text('{"ClientCountry":"us","n":6,}\n{"ClientCountry":"us","n":NaN}\n{"ClientCountry":"us","n":"\\ud800"}\n'),
    text(' {"ClientCountry":"us","n":7}\n{"ClientCountry":"us","n":8}'),
  ]);
}
/** What the filter `ClientCountry eq us` lets through from mixed(), byte for byte. */
const MIXED_MATCHES = `${US}\n${CRLF}\r\n${DUPLICATE}\n{"ClientCountry":"us","n":"\\ud800"}\n {"ClientCountry":"us","n":7}\n{"ClientCountry":"us","n":8}\n`;

let dir: string;
const file = (name: string, content: Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

beforeAll(() => {
  dir = tempFiles('engines-agree').dir;
});

/** The file read by name and through standard input, with the same flags: the same stdout. */
async function both(filter: string, path: string, flags: string[] = []) {
  const file = await runCli(['test', filter, '--logs', path, ...flags]);
  const piped = spawnSync(process.execPath, [CLI_BIN, 'test', filter, '--logs', '-', ...flags], { input: readFileSync(path) });
  expect(file.code).toBe(0);
  expect(piped.status).toBe(0);
  return { file: Buffer.from(file.stdout, 'utf8'), piped: piped.stdout };
}

/** Both ways of reading agree on the file under every flag; returns the outputs. */
async function agree(filter: string, path: string): Promise<Record<string, string>> {
  const outputs: Record<string, string> = {};
  for (const flags of [[], ['--invert'], ['--count'], ['--count', '--invert']]) {
    const { file, piped } = await both(filter, path, flags);
    expect(piped).toEqual(file);
    outputs[flags.join(' ')] = file.toString('utf8');
  }
  return outputs;
}

describe('logfilter test on awkward input, read from a file or standard input', () => {
  it('on one file holding every awkward kind of line, plain and gzip', async () => {
    const plain = file('mixed.ndjson', mixed());
    const gzipped = file('mixed.ndjson.gz', gzipSync(mixed()));
    for (const path of [plain, gzipped]) {
      const outputs = await agree('ClientCountry eq us', path);
      expect(outputs['']).toBe(MIXED_MATCHES);
      expect(outputs['--count']).toBe('matched 6 of 8\nskipped 5\n');
      expect(outputs['--count --invert']).toBe('dropped 2 of 8\nskipped 5\n');
    }
  });

  it('CRLF: the line is printed with its \\r, the JSON read without it', async () => {
    const path = file('crlf.ndjson', text(`${US}\r\n{"ClientCountry":"fr"}\r\n${CRLF}\r\n`));
    const outputs = await agree('ClientCountry eq us', path);
    expect(outputs['']).toBe(`${US}\r\n${CRLF}\r\n`);
    expect(outputs['--count']).toBe('matched 2 of 3\n');
  });

  it('a byte-order mark at the start of a file is dropped, its first line read and printed without it', async () => {
    const path = file('bom.ndjson', Buffer.concat([BOM, text(`${US}\n`)]));
    expect((await agree('ClientCountry eq us', path))['']).toBe(`${US}\n`);
  });

  it('a line that is not valid UTF-8 is skipped as malformed, never printed', async () => {
    const path = file('utf8.ndjson', Buffer.concat([text(`${US}\n`), NOT_UTF8, text('\n')]));
    const outputs = await agree('ClientCountry eq us', path);
    expect(outputs['']).toBe(`${US}\n`);
    expect(outputs['--count']).toBe('matched 1 of 1\nskipped 1\n');
    const js = await runCli(['test', 'ClientCountry eq us', '--logs', path]);
    expect(js.stderr).toContain(':2: malformed line skipped: not valid UTF-8\n');
  });

  it('a duplicate key means its last value, as JSON.parse reads it, however the key is spelled', async () => {
    const path = file('duplicate.ndjson', text(`${DUPLICATE}\n${ESCAPED_DUPLICATE}\n`));
    expect((await agree('ClientCountry eq us', path))['']).toBe(`${DUPLICATE}\n`);
    expect((await agree('ClientCountry eq xx', path))['']).toBe(`${ESCAPED_DUPLICATE}\n`);
  });

  it('blank lines are passed over; lines that are not JSON objects, or use syntax JSON.parse refuses, are skipped', async () => {
    const path = file('blank.ndjson', text(`\n \t\n${US}\nnot json\n[1]\n"us"\n{"ClientCountry":"us",}\n{"ClientCountry":"us","n":Infinity}\n`));
    const outputs = await agree('ClientCountry eq us', path);
    expect(outputs['']).toBe(`${US}\n`);
    expect(outputs['--count']).toBe('matched 1 of 1\nskipped 5\n');
  });
});
