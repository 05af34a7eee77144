/**
 * fast-check generators of log records for a filter: every field the filter names is present, with
 * a value of the field's catalog type, drawn mostly from the filter's own constants and their
 * neighbours (so that predicates come out true as often as false) and now and then at random.
 */
import type { CheckedExpr, Dataset, Field, TypedValue } from '@logfilter/core';
import fc from 'fast-check';

export type LogRecord = Record<string, unknown>;

/** How a filter uses a field: the constants it is compared with, and whether it is compared as a number. */
interface FieldUse {
  constants: TypedValue[];
  comparedAsNumber: boolean;
}

const COMPARISONS = new Set(['lt', 'leq', 'gt', 'geq']);

function fieldUses(tree: CheckedExpr): Map<string, FieldUse> {
  const uses = new Map<string, FieldUse>();
  const visit = (node: CheckedExpr): void => {
    if (node.kind === 'criterion') {
      const use = uses.get(node.key) ?? { constants: [], comparedAsNumber: false };
      use.constants.push(...(Array.isArray(node.value) ? node.value : [node.value]));
      use.comparedAsNumber ||= COMPARISONS.has(node.operator);
      uses.set(node.key, use);
    } else if (node.kind === 'not') {
      visit(node.operand);
    } else {
      node.operands.forEach(visit);
    }
  };
  visit(tree);
  return uses;
}

/** Records holding every field named in `tree`. */
export function recordFor(tree: CheckedExpr, dataset: Dataset): fc.Arbitrary<LogRecord> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, use] of fieldUses(tree)) fields[name] = valueFor(dataset.field(name)!, use);
  return fc.record(fields);
}

function valueFor(field: Field, { constants, comparedAsNumber }: FieldUse): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'int':
      return intValue(constants);
    case 'float':
      return floatValue(constants);
    case 'bool':
      return fc.boolean();
    case 'int or string': {
      // A timestamp is a number or text by the job's format; a filter comparing it with numbers is
      // about numeric timestamps (on text, lt and its opposite geq are both false).
      const numbers = intValue(constants.filter((c) => c.type === 'number'));
      return comparedAsNumber ? numbers : fc.oneof(numbers, textValue(constants.filter((c) => c.type === 'string')));
    }
    case 'array': {
      const element: fc.Arbitrary<string | number> =
        field.element === 'int' ? intValue(constants) : field.element === 'float' ? floatValue(constants) : textValue(constants);
      return fc.array(element, { maxLength: 4 });
    }
    default:
      return textValue(constants);
  }
}

function intValue(constants: TypedValue[]): fc.Arbitrary<number> {
  return nearConstants(constants.map((c) => Number(c.text)).filter(Number.isSafeInteger), fc.integer({ min: -1000, max: 100_000 }), 1);
}

function floatValue(constants: TypedValue[]): fc.Arbitrary<number> {
  return nearConstants(constants.map((c) => Number(c.text)).filter(Number.isFinite), fc.double({ min: -1000, max: 1000, noNaN: true }), 0.5);
}

/** Mostly the filter's own numbers or one `step` away from them (the edges of lt/geq), sometimes anything. */
function nearConstants(numbers: number[], random: fc.Arbitrary<number>, step: number): fc.Arbitrary<number> {
  if (numbers.length === 0) return random;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...numbers) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...numbers), fc.constantFrom(-step, step)).map(([n, delta]) => n + delta) },
    { weight: 1, arbitrary: random },
  );
}

/** Text equal to a constant, or holding one at its start, end or middle, or one with its case changed. */
function textValue(constants: TypedValue[]): fc.Arbitrary<string> {
  const texts = constants.map((c) => c.text);
  const random = fc.string({ maxLength: 8 });
  if (texts.length === 0) return random;
  const constant = fc.constantFrom(...texts);
  return fc.oneof(
    { weight: 4, arbitrary: constant },
    { weight: 2, arbitrary: fc.tuple(constant, random, random).map(([text, before, after]) => before + text + after) },
    { weight: 1, arbitrary: fc.tuple(constant, random).map(([text, after]) => text + after) },
    { weight: 1, arbitrary: fc.tuple(constant, random).map(([text, before]) => before + text) },
    { weight: 1, arbitrary: constant.map((text) => (text.toUpperCase() === text ? text.toLowerCase() : text.toUpperCase())) },
    { weight: 1, arbitrary: random },
  );
}
