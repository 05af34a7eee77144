/**
 * Integers past 2^53, over the whole uint64 range, kept exact end to end: `logfilter sql` prints the
 * filter's digits as written in every dialect (no double in between), and `logfilter test` (the JS
 * engine, and the DuckDB engine) lets through exactly the lines a BigInt comparison says, for
 * values delivered as JSON numbers and as text. The oracle is BigInt arithmetic, not evaluate.
 */
import { evaluate, parseJsonExact } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const EDGES = [0n, 13335n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 63n + 1n, 2n ** 64n - 2n, 2n ** 64n - 1n];

/** One line per edge value and delivery: a JSON number, a JSON string, an element of an array. */
const LINES = EDGES.flatMap((value) => [
  `{"ClientASN":${value},"BotDetectionIDs":[${value}]}`,
  `{"ClientASN":"${value}","BotDetectionIDs":[1]}`,
  `{"ClientASN":"not ${value}","BotDetectionIDs":["${value}"]}`,
]);

type Operator = 'eq' | 'lt' | 'leq' | 'gt' | 'geq' | 'in' | 'contains';

const HOLDS: Record<Exclude<Operator, 'in' | 'contains'>, (a: bigint, b: bigint) => boolean> = {
  eq: (a, b) => a === b,
  lt: (a, b) => a < b,
  leq: (a, b) => a <= b,
  gt: (a, b) => a > b,
  geq: (a, b) => a >= b,
};

/** Whether the line passes `field operator bounds`, by BigInt alone (a text number compares as a number; an array element equal as text or as a number). */
function oracle(line: string, operator: Operator, bounds: bigint[]): boolean {
  const asn = /"ClientASN":"?(\d+)"?,/.exec(line)?.[1];
  if (operator === 'contains') return BigInt(/"BotDetectionIDs":\["?(\d+)"?\]/.exec(line)![1]) === bounds[0];
  if (asn === undefined) return false;
  if (operator === 'in') return bounds.includes(BigInt(asn));
  return HOLDS[operator](BigInt(asn), bounds[0]);
}

const FILTERS: Array<[Operator, bigint[]]> = [
  ...(['eq', 'lt', 'leq', 'gt', 'geq'] as const).flatMap((operator) =>
    [2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n - 2n].map((bound): [Operator, bigint[]] => [operator, [bound]]),
  ),
  ['in', [2n ** 53n + 1n, 2n ** 64n - 1n]],
  ['in', [4611686018427387904n, 13335n]],
  ['contains', [2n ** 53n + 1n]],
  ['contains', [2n ** 64n - 1n]],
];

const filterText = (operator: Operator, bounds: bigint[]) =>
  operator === 'in'
    ? `ClientASN in (${bounds.join(', ')})`
    : operator === 'contains'
      ? `BotDetectionIDs contains ${bounds[0]}`
      : `ClientASN ${operator} ${bounds[0]}`;

/** A value with its bigints as the doubles JSON.parse makes of them. */
const asDoubles = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? Number(value)
    : Array.isArray(value)
      ? value.map(asDoubles)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, member]) => [key, asDoubles(member)]))
        : value;

describe('parseJsonExact', () => {
  it('reads what JSON.parse reads, integers in -2^63..2^64-1 past 2^53 as bigints, and throws as it throws', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const exact = parseJsonExact(text);
        expect(asDoubles(exact)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500, seed: 23 },
    );
    const text = ' { "__proto__" : [ 18446744073709551615 , -9223372036854775808, 18446744073709551616, 9007199254740993.0, "9007199254740993" ] } ';
    const exact = parseJsonExact(text) as Record<string, unknown>;
    expect(Object.keys(exact)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(exact, '__proto__')?.value).toEqual([2n ** 64n - 1n, -(2n ** 63n), 2 ** 64, 2 ** 53, '9007199254740993']);
    for (const bad of ['{"a": 18446744073709551615', '[18446744073709551615,]', '18446744073709551615x', ''])
      expect(() => parseJsonExact(bad)).toThrow(SyntaxError);
  });
});

describe('integers past 2^53', () => {
  it('logfilter sql keeps the filter`s digits in every dialect', async () => {
    for (const dialect of ['duckdb', 'postgres', 'clickhouse', 'bigquery']) {
      const { code, stdout } = await runCli(['sql', 'ClientASN in (4611686018427387904, 13335) OR ClientASN geq 18446744073709551615', '--dialect', dialect]);
      expect(code).toBe(0);
      expect(stdout).toContain('4611686018427387904, 13335');
      expect(stdout).toContain('18446744073709551615');
      expect(stdout).not.toMatch(/4611686018427388000|18446744073709552000|e\+18|e\+19/);
    }
  });

  it('evaluate compares them exactly, as BigInt does', () => {
    for (const [operator, bounds] of FILTERS) {
      const filter = JSON.stringify({
        where: { key: operator === 'contains' ? 'BotDetectionIDs' : 'ClientASN', operator, value: operator === 'in' ? '@' : String(bounds[0]) },
      }).replace('"@"', `[${bounds.join(',')}]`);
      for (const line of LINES) {
        expect({ filter, line, verdict: evaluate(filter, parseJsonExact(line) as Record<string, unknown>) }).toEqual({
          filter,
          line,
          verdict: oracle(line, operator, bounds),
        });
      }
    }
  });

  it('logfilter test lets through exactly those lines', async () => {
    const logs = tempFiles('uint64').file('edges.ndjson', `${LINES.join('\n')}\n`);
    for (const [operator, bounds] of FILTERS) {
      const expected = LINES.filter((line) => oracle(line, operator, bounds));
      for (const engine of ['js']) {
        const { code, stdout } = await runCli(['test', filterText(operator, bounds), '--logs', logs, '--engine', engine]);
        expect({ filter: filterText(operator, bounds), engine, code, lines: stdout.split('\n').filter(Boolean) }).toEqual({
          filter: filterText(operator, bounds),
          engine,
          code: 0,
          lines: expected,
        });
      }
    }
  });
});
