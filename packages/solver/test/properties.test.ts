/**
 * `diff` against random records: every "same" is confirmed by thousands of records (fields present or
 * missing, values near the filters' constants), every witness by evaluate on its NDJSON line, and a
 * mutation of a filter (an operator flipped, a value changed, a list member dropped) that some record
 * tells apart is never called the same. Records keep to the solver's domain: int values are unsigned.
 */
import { check, compile, evaluate, factsOf, type FilterJson, type FilterObject, operatorFromSpelling, parse, parseJsonExact, print } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFilters, loadSolver } from '@logfilter/solver';
import { DATASET, exprOf, NO_LIMITS, wellTypedPredicate } from '../../../test/support/arbitraries.js';
import { type LogRecord, recordFor } from '../../../test/support/records.js';

/** Filters of 1-6 criteria over a few fields, so pairs share fields often. */
const filterText = exprOf(wellTypedPredicate, 2).map((expr) => print(expr));

function compiled(text: string): FilterJson | undefined {
  const result = compile(text, NO_LIMITS);
  return result.ok ? (parseJsonExact(result.json!) as FilterJson) : undefined;
}

/** Records for both filters, each field present or missing, int values unsigned. */
function records(texts: string[]): fc.Arbitrary<LogRecord[]> {
  const checked = texts.map((text) => check(parse(text).ast!, DATASET, text).checked!);
  const tree = { kind: 'and' as const, operands: checked, span: { start: 0, end: 0 } };
  return fc.array(
    recordFor(tree, DATASET).chain((record) => fc.subarray(Object.keys(record)).map((kept) => pick(record, kept))),
    { minLength: 2000, maxLength: 2000 },
  );
}

function pick(record: LogRecord, kept: string[]): LogRecord {
  const result: LogRecord = {};
  for (const name of kept) {
    const value = record[name];
    const field = DATASET.field(name);
    const unsigned = (v: unknown) => typeof v !== 'number' || !(field?.kind === 'int' || field?.element === 'int' || field?.kind === 'int or string') || v >= 0;
    if (Array.isArray(value) ? value.every(unsigned) : unsigned(value)) result[name] = value;
  }
  return result;
}

/** One mutation of a compiled filter: an operator flipped to its negation, a value changed, a list member dropped. */
function mutate(filter: FilterJson, choice: number, how: number): FilterJson {
  const criteria: FilterObject[] = [];
  const visit = (node: FilterObject) => {
    if ('and' in node) (node.and as FilterObject[]).forEach(visit);
    else if ('or' in node) (node.or as FilterObject[]).forEach(visit);
    else criteria.push(node);
  };
  const copy = structuredClone(filter);
  visit(copy.where);
  const target = criteria[choice % criteria.length] as { operator: string; value: unknown };
  const operator = operatorFromSpelling(target.operator);
  if (how % 3 === 0 && operator) target.operator = factsOf(operator).negation;
  else if (how % 3 === 1 || !Array.isArray(target.value) || target.value.length < 2) {
    const change = (v: unknown) => (typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : `${String(v)}x`);
    target.value = Array.isArray(target.value) ? target.value.map(change) : change(target.value);
  } else target.value = target.value.slice(1);
  return copy;
}

/**
 * The filter written in another order, keeping its meaning: each group's members and each in or !in
 * list shuffled, and now and then a member repeated or put in a group of its own of the same kind.
 * `picks` drives every choice.
 */
function reorder(filter: FilterJson, picks: number[]): FilterJson {
  let next = 0;
  const pick = (n: number) => picks[next++ % picks.length] % n;
  const shuffled = <T>(items: T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  const visit = (node: FilterObject): FilterObject => {
    if ('and' in node || 'or' in node) {
      const kind = 'and' in node ? 'and' : 'or';
      let members = shuffled((node as Record<string, FilterObject[]>)[kind].map(visit));
      if (pick(3) === 0) members = [...members, members[pick(members.length)]];
      if (pick(3) === 0 && members.length > 1) members = [{ [kind]: members.slice(0, 2) } as FilterObject, ...members.slice(2)];
      return { [kind]: members } as FilterObject;
    }
    const criterion = node as { key: string; operator: string; value: unknown };
    return Array.isArray(criterion.value) && (criterion.operator === 'in' || criterion.operator === '!in')
      ? ({ ...criterion, value: shuffled(criterion.value) } as FilterObject)
      : node;
  };
  return { where: visit(structuredClone(filter).where) };
}

/** With no time at all, any question put to Z3 is stopped: "same" says that none was asked. */
const NO_TIME = { work: 1e12, safetyMs: 0 };

afterAll(async () => (await loadSolver()).release());

/** A small work budget per question: an undecided answer is allowed (it is never "same"), a slow run is not. */
const BUDGET = { work: 300_000 };

describe('diff by meaning, against random records', { timeout: 240_000 }, () => {
  it('calls two filters the same only when no record tells them apart, and gives witnesses that do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(filterText, filterText).chain(([a, b]) => fc.tuple(fc.constant(a), fc.constant(b), records([a, b]))),
        async ([a, b, sample]) => {
          const [older, newer] = [compiled(a), compiled(b)];
          if (!older || !newer) return;
          const result = await compareFilters(older, newer, DATASET, BUDGET);
          for (const witness of result.witnesses) {
            const record = JSON.parse(witness.line) as LogRecord;
            expect([evaluate(older, record), evaluate(newer, record)]).toEqual([witness.old, witness.new]);
            expect(witness.old).not.toBe(witness.new);
          }
          if (result.relation === 'same') for (const record of sample) expect(evaluate(older, record)).toBe(evaluate(newer, record));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('calls a filter the same as its unoptimised output (merges, duplicates and NOT pushed down keep the meaning)', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterText.chain((a) => fc.tuple(fc.constant(a), records([a]))),
        async ([a, sample]) => {
          const optimised = compiled(a);
          const plain = compile(a, { ...NO_LIMITS, optimize: false });
          if (!optimised || !plain.ok) return;
          // Read from the JSON text: integers past 2^53 exact (the result's filter object rounds them).
          const unoptimised = parseJsonExact(plain.json!) as FilterJson;
          const result = await compareFilters(unoptimised, optimised, DATASET, BUDGET);
          expect(['same', 'undecided']).toContain(result.relation);
          for (const record of sample.slice(0, 200)) expect(evaluate(optimised, record)).toBe(evaluate(unoptimised, record));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('calls a filter written in another order the same without asking Z3', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterText.chain((a) => fc.tuple(fc.constant(a), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), records([a]))),
        async ([a, picks, sample]) => {
          const older = compiled(a);
          if (!older) return;
          const newer = reorder(older, picks);
          // The reordering keeps the meaning, as evaluate reads it.
          for (const record of sample.slice(0, 200)) expect(evaluate(newer, record)).toBe(evaluate(older, record));
          expect(await compareFilters(older, newer, DATASET, NO_TIME)).toEqual({ relation: 'same', witnesses: [] });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('never calls a mutation the same when a record tells it apart', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterText.chain((a) => fc.tuple(fc.constant(a), fc.nat(), fc.nat(), records([a]))),
        async ([a, choice, how, sample]) => {
          const older = compiled(a);
          if (!older) return;
          const newer = mutate(older, choice, how);
          const told = sample.some((record) => evaluate(older, record) !== evaluate(newer, record));
          const result = await compareFilters(older, newer, DATASET, BUDGET);
          if (told) expect(result.relation).not.toBe('same');
          if (result.relation === 'same') expect(told).toBe(false);
        },
      ),
      { numRuns: 20 },
    );
  });
});

/** Integers near 2^53 and 2^64-1, where a double rounds: each written exactly as its digits. */
const bigInteger = fc.oneof(
  fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
  fc.bigInt({ min: 2n ** 64n - 4n, max: 2n ** 64n - 1n }),
  fc.bigInt({ min: 0n, max: 3n }),
);

/** One criterion on an int field (or an int-or-string one, given numbers) in every comparison and list form. */
const bigCriterion = fc
  .tuple(
    fc.constantFrom('ClientASN', 'EdgeStartTimestamp'),
    fc.constantFrom('eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in'),
    fc.array(bigInteger, { minLength: 1, maxLength: 3 }),
  )
  .map(([field, operator, values]) =>
    operator === 'in' || operator === '!in' ? `${field} ${operator} (${values.join(', ')})` : `${field} ${operator} ${values[0]}`,
  );

const bigFilter = fc
  .tuple(bigCriterion, fc.option(fc.tuple(fc.constantFrom('AND', 'OR'), bigCriterion), { nil: undefined }))
  .map(([first, rest]) => (rest ? `${first} ${rest[0]} ${rest[1]}` : first));

/** Each constant of the filters, one either side, as a record of each field (exact values: bigint past 2^53). */
function recordsAround(texts: string[]): LogRecord[] {
  const records: LogRecord[] = [{}];
  for (const match of texts.join(' ').matchAll(/\d{1,20}/g)) {
    for (const delta of [-1n, 0n, 1n]) {
      const value = BigInt(match[0]) + delta;
      if (value < 0n || value > 2n ** 64n - 1n) continue;
      const exact = value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
      records.push({ ClientASN: exact }, { EdgeStartTimestamp: exact }, { EdgeStartTimestamp: String(value) });
    }
  }
  return records;
}

describe('diff of integers past 2^53, against evaluate', { timeout: 600_000 }, () => {
  it('gives a relation no record holding a constant contradicts, and witnesses evaluate confirms (issue 31)', async () => {
    await fc.assert(
      fc.asyncProperty(bigFilter, bigFilter, async (a, b) => {
        const [older, newer] = [compiled(a), compiled(b)];
        if (!older || !newer) return;
        const result = await compareFilters(older, newer, DATASET, BUDGET);
        for (const witness of result.witnesses) {
          const record = parseJsonExact(witness.line) as LogRecord;
          expect([evaluate(older, record), evaluate(newer, record)]).toEqual([witness.old, witness.new]);
        }
        for (const record of recordsAround([a, b])) {
          const [old, now] = [evaluate(older, record), evaluate(newer, record)];
          if (result.relation === 'same') expect(now, `${a} vs ${b} on ${JSON.stringify(record, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`).toBe(old);
          if (result.relation === 'old-wider') expect(now && !old).toBe(false);
          if (result.relation === 'new-wider') expect(old && !now).toBe(false);
          if (result.relation === 'disjoint') expect(old && now).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
