/**
 * evaluate: runs a filter over log records (parsed NDJSON lines as the service delivers them).
 *
 * Semantics: equality is exact and case-sensitive; a number in the record equals a filter value
 * that reads as the same number ("30" or 30). lt/leq/gt/geq compare numerically. startsWith,
 * endsWith and contains compare text (contains on an array: some element equals the value). `in`
 * holds when the value, or for an array some element, equals one of the list. A record missing the
 * field (absent or null) fails every positive operator and passes the negated ones, which are the
 * exact negations of their positive pairs. Numbers are exact over every 64-bit integer
 * (base/exact-numbers.ts): a record's value and the filter's compare as the numbers they denote.
 */
import { parseJsonExact } from '../base/exact-json.js';
import { type ExactNumber, exactNumber, exactOfDouble } from '../base/exact-numbers.js';
import { type Comparison, type Facts, factsOf, OPERATOR_TABLE, type Operator, type OperatorTest } from '../language/operators.js';
import type { CheckedExpr, FilterNode, TypedValue } from '../check/checked.js';
import type { FilterJson, FilterObject } from './serialize.js';

export type LogRecord = Readonly<Record<string, unknown>>;
export type RecordTest = (record: LogRecord) => boolean;

/** A test over records for a compiled filter (the object, or its JSON text). Throws TypeError on a malformed filter. */
export function matcher(filter: FilterJson | string): RecordTest {
  const root = typeof filter === 'string' ? (parseJsonExact(filter) as FilterJson) : filter;
  if (typeof root !== 'object' || root === null || !('where' in root)) throw new TypeError('not a compiled filter: expected {"where": ...}');
  return compileNode(root.where);
}

const NO_FIELDS: LogRecord = Object.freeze({});
const compiled = new WeakMap<object, RecordTest>();
let lastText: { text: string; test: RecordTest } | undefined;

/** Whether the compiled filter lets `record` through (the record test is made once per filter). */
export function evaluate(filter: FilterJson | string, given: LogRecord): boolean {
  // A record that is not an object holds no fields: positive operators fail, negated ones pass.
  const record = typeof given === 'object' && given !== null ? given : NO_FIELDS;
  if (typeof filter === 'string') {
    if (lastText?.text !== filter) lastText = { text: filter, test: matcher(filter) };
    return lastText.test(record);
  }
  let test = compiled.get(filter);
  if (!test) compiled.set(filter, (test = matcher(filter)));
  return test(record);
}

/**
 * Evaluates a checked tree (NOT and all, before lowering and optimisation) or a lowered one, with
 * the same leaf semantics: the reference the compiled output is held to.
 */
export function evaluateTree(tree: CheckedExpr | FilterNode, record: LogRecord): boolean {
  switch (tree.kind) {
    case 'not':
      return !evaluateTree(tree.operand, record);
    case 'and':
      return tree.operands.every((operand) => evaluateTree(operand, record));
    case 'or':
      return tree.operands.some((operand) => evaluateTree(operand, record));
    case 'criterion': {
      const value = Array.isArray(tree.value) ? tree.value.map(plainValue) : plainValue(tree.value);
      return criterionTest(tree.key, tree.operator, value)(record);
    }
  }
}

function plainValue(value: TypedValue): string | ExactNumber | boolean {
  return value.type === 'number' ? exactNumber(value.text) : value.type === 'boolean' ? value.text === 'true' : value.text;
}

function compileNode(node: FilterObject): RecordTest {
  if ('and' in node || 'or' in node) {
    const isAnd = 'and' in node;
    const members = isAnd ? (node as { and: FilterObject[] }).and : (node as { or: FilterObject[] }).or;
    if (!Array.isArray(members)) throw new TypeError('not a compiled filter: a group holds an array');
    const tests = members.map(compileNode);
    if (tests.length === 1) return tests[0];
    return isAnd ? allOf(tests) : anyOf(tests);
  }
  const { key, operator, value } = node as { key: unknown; operator: unknown; value: unknown };
  if (typeof key !== 'string' || typeof operator !== 'string') throw new TypeError('not a compiled filter: a criterion has a string key and operator');
  return criterionTest(key, operator, value);
}

function allOf(tests: RecordTest[]): RecordTest {
  return (record) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](record)) return false;
    return true;
  };
}

function anyOf(tests: RecordTest[]): RecordTest {
  return (record) => {
    for (let i = 0; i < tests.length; i++) if (tests[i](record)) return true;
    return false;
  };
}

/**
 * The facts of an operator as a compiled filter spells it (exactly, as the table names it); any
 * other text is no compiled filter. The SQL writer asks the same.
 */
export function compiledOperator(operator: string): Facts {
  if (!Object.hasOwn(OPERATOR_TABLE, operator)) throw new TypeError(`not a compiled filter: unknown operator '${operator}'`);
  return factsOf(operator as Operator);
}

/** The test of one criterion; `value` as the filter JSON holds it (numbers past 2^53 may be bigints). */
function criterionTest(key: string, operator: string, value: unknown): RecordTest {
  const facts = compiledOperator(operator);
  if (!facts.negated) return POSITIVE_TESTS[facts.test](key, value, facts);
  // A negated operator is the exact negation of its positive pair.
  const positive = factsOf(facts.negation);
  const test = POSITIVE_TESTS[positive.test](key, value, positive);
  return (record) => !test(record);
}

type PositiveTest = (key: string, value: unknown, facts: Facts) => RecordTest;

/** Each kind of test an operator makes, implemented once: a new kind in the table does not compile until it is here. */
const POSITIVE_TESTS: Readonly<Record<OperatorTest, PositiveTest>> = {
  equal: (key, value) => {
    const target = toTarget(value);
    return (record) => equals(record[key], target);
  },
  compare: (key, value, facts) => COMPARE[comparisonOf(facts)](key, numberOf(value)),
  prefix: (key, value) => {
    const text = String(value);
    return (record) => textOf(record[key])?.startsWith(text) === true;
  },
  suffix: (key, value) => {
    const text = String(value);
    return (record) => textOf(record[key])?.endsWith(text) === true;
  },
  contains: (key, value) => {
    const text = String(value);
    const target = toTarget(value);
    return (record) => {
      const field = record[key];
      if (Array.isArray(field)) return field.some((element) => equals(element, target));
      return textOf(field)?.includes(text) === true;
    };
  },
  member: (key, value) => {
    const set = toSet(Array.isArray(value) ? value : [value]);
    return (record) => {
      const field = record[key];
      if (Array.isArray(field)) return field.some((element) => inSet(element, set));
      return inSet(field, set);
    };
  },
};

/** The order a `compare` operator asks for (every one has it in the table). */
export function comparisonOf(facts: Facts): Comparison {
  if (facts.comparison === undefined) throw new Error(`the operator table gives a compare test no comparison (${facts.meaning})`);
  return facts.comparison;
}

// NaN (a missing or non-numeric field) fails every comparison; a bigint and a number compare exactly.
const COMPARE: Readonly<Record<Comparison, (key: string, bound: ExactNumber) => RecordTest>> = {
  '<': (key, bound) => (record) => numberOf(record[key]) < bound,
  '<=': (key, bound) => (record) => numberOf(record[key]) <= bound,
  '>': (key, bound) => (record) => numberOf(record[key]) > bound,
  '>=': (key, bound) => (record) => numberOf(record[key]) >= bound,
};

/** A filter value in every form a record value may equal it in (evaluation, and the SQL that means the same). */
export interface Target {
  text: string;
  number: ExactNumber | undefined;
  boolean: boolean | undefined;
}

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

export function toTarget(value: unknown): Target {
  const text = String(value);
  const number = numberOf(value);
  const boolean = typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined;
  return { text, number: Number.isNaN(number) ? undefined : number, boolean };
}

function equals(field: unknown, target: Target): boolean {
  switch (typeof field) {
    case 'string':
      return field === target.text;
    case 'number':
    case 'bigint':
      // biome-ignore lint/suspicious/noDoubleEquals: == compares a bigint with a number exactly (=== never holds across the two)
      return typeof field === typeof target.number ? field === target.number : field == target.number;
    case 'boolean':
      return field === target.boolean;
    default:
      return false;
  }
}

interface ValueSet {
  texts: Set<string>;
  /** Exact numbers, each integer in one form (a double past 2^53 as its bigint) so that the set finds it. */
  numbers: Set<ExactNumber>;
}

function toSet(values: unknown[]): ValueSet {
  const set: ValueSet = { texts: new Set(), numbers: new Set() };
  for (const value of values) {
    const target = toTarget(value);
    set.texts.add(target.text);
    if (target.number !== undefined) set.numbers.add(typeof target.number === 'number' ? exactOfDouble(target.number) : target.number);
  }
  return set;
}

function inSet(field: unknown, set: ValueSet): boolean {
  if (typeof field === 'string') return set.texts.has(field);
  if (typeof field === 'number') return set.numbers.has(field) || (!Number.isSafeInteger(field) && set.numbers.has(exactOfDouble(field)));
  if (typeof field === 'bigint') return set.numbers.has(field);
  if (typeof field === 'boolean') return set.texts.has(String(field));
  return false;
}

/** A value as an exact number: a number as it is, a plain decimal text as exactNumber reads it, else NaN. */
function numberOf(value: unknown): ExactNumber {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value === 'string' && NUMERIC.test(value)) return exactNumber(value);
  return Number.NaN;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
}
