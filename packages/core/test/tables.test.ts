/**
 * The operator and value-type tables are the one place their facts live. The `@ts-expect-error`
 * lines are checked by `pnpm run lint` (tsc over the tests): an entry missing a fact, or naming an
 * operator that is not in the table, does not compile. The rest checks that the views derived from
 * the tables say what the service documents.
 */
import { describe, expect, it } from 'vitest';
import { VALUE_TYPES, type ValueTypeFacts } from '../src/language/field-types.js';
import {
  allowedIn,
  comparesOneNumber,
  factsOf,
  MERGE_RULES,
  negationOf,
  OPERATOR_TABLE,
  OPERATORS,
  operatorFromSpelling,
  type Facts,
  type Operator,
  type OperatorFacts,
} from '../src/language/operators.js';

describe('the operator table', () => {
  it('refuses, at compile time, an operator without all of its facts', () => {
    const incomplete = {
      ...OPERATOR_TABLE,
      // @ts-expect-error: a new operator needs its test, list form, families, spellings and phrasing
      near: { negation: '!near', negated: false },
    } satisfies Record<string, OperatorFacts>;
    expect(Object.keys(incomplete)).toContain('near');
  });

  it('refuses, at compile time, a negation that is not an operator of the table', () => {
    // @ts-expect-error: 'nope' is not an Operator
    const wrong: Facts = { ...factsOf('eq'), negation: 'nope' };
    expect(wrong.negation).toBe('nope');
  });

  it('refuses, at compile time, a value type without all of its facts', () => {
    const incomplete = {
      ...VALUE_TYPES,
      // @ts-expect-error: a new value type needs how its literals read, its JSON and SQL forms, ...
      ipv6: { family: 'string', reads: 'text' },
    } satisfies Record<string, ValueTypeFacts>;
    expect(Object.keys(incomplete)).toContain('ipv6');
  });

  it('pairs every operator with a negation that leads back to it', () => {
    for (const operator of OPERATORS) expect(negationOf(negationOf(operator))).toBe(operator);
  });

  it('derives the matrix of spec 4.3 and the list operators', () => {
    expect([...allowedIn('bool')]).toEqual(['eq', '!eq']);
    expect([...allowedIn('array')]).toEqual(['contains', '!contains', 'in', '!in']);
    expect([...allowedIn('int')]).toEqual(['eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in']);
    expect(OPERATORS.filter((operator) => factsOf(operator).list)).toEqual(['in', '!in']);
    expect(OPERATORS.filter(comparesOneNumber)).toEqual(['eq', '!eq', 'lt', 'leq', 'gt', 'geq']);
    expect(MERGE_RULES).toEqual({ or: { one: 'eq', to: 'in' }, and: { one: '!eq', to: '!in' } });
  });

  it('reads every spelling of the table back to its operator', () => {
    for (const operator of OPERATORS) {
      const facts: Facts = factsOf(operator);
      for (const spelling of [operator, ...facts.aliases, ...facts.deprecated]) expect(operatorFromSpelling(spelling.toUpperCase())).toBe(operator);
    }
    expect(operatorFromSpelling('near')).toBeUndefined();
  });

  it('gives a negated operator the test of its positive', () => {
    for (const operator of OPERATORS.filter((op): op is Operator => factsOf(op).negated)) {
      expect(factsOf(operator).test).toBe(factsOf(factsOf(operator).negation).test);
    }
  });
});
