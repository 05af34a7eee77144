/**
 * The CLI's own part of the message table (src/report/cli-messages.ts) fills its placeholders: each
 * message and hint made from sample data holds no `undefined`, `NaN`, `[object Object]` or unfilled
 * `${...}`, and each member of the data that is a text or list shows in the words of some sample.
 * Core's part has the same test (packages/core/test/message-data.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { type CliMessages, cliMessages } from '../src/report/cli-messages.js';
import { cliWords } from '../src/report/table-words.js';

type Cli = CliMessages;
type DataOf<T> = T extends { message: (data: infer D) => string } ? D : never;
type Samples = { [C in keyof Cli]: { [I in keyof Cli[C]]: ReadonlyArray<DataOf<Cli[C][I]>> } };

const SAMPLES: Samples = {
  'dataset-disagrees': {
    datasetLine: [{ given: 'http_requests', named: 'dns_logs', option: 'http_requests@zone' }],
    jobDataset: [{ given: 'http_requests', job: 'dns_logs' }, {}],
    tail: [{ streamed: 'http_requests', filtered: 'dns_logs' }],
  },
  'unknown-dataset': { datasetLine: [{ problem: "unknown dataset 'dns_log'", advice: "did you mean 'dns_logs'?" }] },
  'invalid-argument': {
    codeAndFilter: [{}],
    unknownCode: [
      { code: 'nope', codes: ['empty-filter', 'unknown-field'] },
      { code: 'unknown-feild', codes: ['unknown-field'], guess: 'unknown-field' },
    ],
  },
  'invalid-json': { jobsFile: [{ file: 'jobs.json', detail: 'unexpected end of input' }] },
};

describe("the CLI's messages fill their placeholders", () => {
  it('has sample data for every message', () => {
    const ids = (table: object) => Object.entries(table).map(([code, byId]) => [code, Object.keys(byId as object).sort()]);
    expect(ids(SAMPLES)).toEqual(ids(cliMessages()));
  });

  for (const [code, byId] of Object.entries(SAMPLES) as Array<[keyof Cli, Record<string, readonly object[]>]>) {
    it(`${code}: every message and hint filled from its data`, () => {
      for (const [id, list] of Object.entries(byId)) {
        const seen = new Set<string>();
        const unseen = new Set<string>();
        for (const data of list) {
          // Each sample is its message's data, as SAMPLES types it.
          const words = cliWords(code, id as never, data as never);
          expect(words.code).toBe(code);
          const text = [words.message, words.hint ?? ''].join('\n');
          expect(text, `${code}.${id}`).not.toMatch(/undefined|NaN|\[object |\$\{/);
          for (const [key, value] of Object.entries(data)) {
            const ways = typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [];
            if (ways.some((way) => text.includes(way))) seen.add(key);
            else unseen.add(key);
          }
        }
        expect(
          [...unseen].filter((key) => !seen.has(key)),
          `${code}.${id}: data never shown`,
        ).toEqual([]);
      }
    });
  }
});
