/** The checker: every predicate against the dataset's typed fields; collects every error. */
import type { Expr, List, Predicate, Scalar } from '../syntax/ast.js';
import type { Dataset, Field } from '../language/catalog.js';
import type { CheckedExpr, Criterion, TypedValue } from './checked.js';
import { DiagnosticBag, SourceMap, type Diagnostic, type FixSpans, type Span } from '../base/diagnostics.js';
import {
  ALLOWED,
  DEPRECATED_SPELLINGS,
  factsOf,
  LIST_OPERATORS,
  OPERATOR_LIST,
  OPERATOR_MATRIX,
  operatorFromSpelling,
  type Operator,
  type TypeFamily,
} from '../language/operators.js';
import { operatorSuggestionHint, suggestOperator } from '../language/operator-suggest.js';
import { canonicalNumber } from '../language/values.js';
import { uint64Problem } from '../language/value-ranges.js';
import { holdsObjects, isArrayField, type LiteralReading, readsAsInteger, typeFamily, typeName, valueFacts } from '../language/field-types.js';

export interface CheckResult {
  checked: CheckedExpr | undefined;
  diagnostics: Diagnostic[];
}

export function check(ast: Expr, dataset: Dataset, text = ''): CheckResult {
  const bag = new DiagnosticBag(new SourceMap(text));
  const checked = checkInto(ast, dataset, bag);
  return { checked, diagnostics: bag.items };
}

/**
 * Where else a field unknown in the dataset is known ("'QueryName' is a field of dns_logs; ..."), from
 * the catalog the caller has: compile and decompile pass the catalog's, and compileDataset, which has
 * one dataset and no catalog (so a bundle of it carries no other), passes none.
 */
export type FieldElsewhere = (name: string, dataset: Dataset) => string | undefined;

/** Checks into `bag`; returns the checked tree only when this tree has no error. */
export function checkInto(ast: Expr, dataset: Dataset, bag: DiagnosticBag, elsewhere?: FieldElsewhere): CheckedExpr | undefined {
  let failed = false;
  const visit = (node: Expr): CheckedExpr | undefined => {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const operands: CheckedExpr[] = [];
        for (const operand of node.operands) {
          const result = visit(operand);
          if (result) operands.push(result);
        }
        return failed ? undefined : { kind: node.kind, operands, span: node.span };
      }
      case 'not': {
        const operand = visit(node.operand);
        return operand && { kind: 'not', operand, span: node.span };
      }
      case 'predicate': {
        const criterion = checkPredicate(node, dataset, bag, elsewhere);
        if (!criterion) failed = true;
        return criterion;
      }
    }
  };
  const result = visit(ast);
  return failed ? undefined : result;
}

function checkPredicate(predicate: Predicate, dataset: Dataset, bag: DiagnosticBag, elsewhere?: FieldElsewhere): Criterion | undefined {
  const field = resolveField(predicate, dataset, bag, elsewhere);
  const operator = resolveOperator(predicate, bag);
  if (!field || !operator) return undefined;
  if (!field.filterable) {
    const why = holdsObjects(field)
      ? `'${field.name}' is an ${field.type} field: the service can deliver it but not filter on it`
      : `the service does not filter on '${field.name}' in dataset ${dataset.name}`;
    bag.error('field-not-filterable', predicate.field.span, `'${field.name}' cannot be used in a filter`, `${why}; filter on another field`);
    return undefined;
  }
  const operand = predicate.operand;
  const family = typeFamily(field, operand);
  if (!ALLOWED[family].has(operator)) {
    reportOperatorNotAllowed(predicate, operator, field, family, bag);
    return undefined;
  }
  const wantsList = LIST_OPERATORS.has(operator);
  if (wantsList && operand.kind !== 'list') {
    const list = `(${sourceOf(operand)})`;
    bag.error(
      'expected-list',
      operand.span,
      `'${operator}' takes a list of values`,
      `write the values in parentheses: ${operator} ${list}`,
      replaceWith(operand.span, list, `Write the list ${list}`),
    );
    return undefined;
  }
  if (!wantsList && operand.kind === 'list') {
    const into = factsOf(operator).merges?.into;
    const hint = into ? `to match any of several values write '${into} (...)'` : `'${operator}' compares with a single value; join several predicates with OR`;
    bag.error('expected-scalar', operand.span, `'${operator}' takes one value, not a list`, hint);
    return undefined;
  }
  if (operand.kind === 'list') {
    if (operand.items.length === 0) {
      bag.error('empty-list', operand.span, `'${operator}' needs at least one value`, `list the values to match, for example ${operator} (a, b)`);
      return undefined;
    }
    const values = readList(operand, field, bag);
    return values && { kind: 'criterion', key: field.name, operator, value: values, span: predicate.span };
  }
  const value = readScalar(operand, field, bag);
  return value && { kind: 'criterion', key: field.name, operator, value, span: predicate.span };
}

function resolveField(predicate: Predicate, dataset: Dataset, bag: DiagnosticBag, fieldElsewhere?: FieldElsewhere): Field | undefined {
  const { name, span } = predicate.field;
  const field = dataset.field(name);
  if (field) {
    if (field.deprecated) {
      bag.warning(
        'deprecated-field',
        span,
        `'${name}' is deprecated in dataset ${dataset.name}`,
        `the service may stop filling it: filter on a current field if one carries the same data (${field.description || 'no description'})`,
      );
    }
    return field;
  }
  const sameLetters = dataset.fieldIgnoringCase(name);
  if (sameLetters) {
    bag.error(
      'unknown-field',
      span,
      `unknown field '${name}' in dataset ${dataset.name}`,
      `field names are case-sensitive: did you mean '${sameLetters.name}'?`,
      replaceWith(span, sameLetters.name),
    );
    return undefined;
  }
  const guess = dataset.suggest(name);
  const elsewhere = fieldElsewhere?.(name, dataset);
  const hint = guess ? `did you mean '${guess}'?` : `\`logfilter fields ${dataset.name}\` lists the fields of the dataset`;
  bag.error(
    'unknown-field',
    span,
    `unknown field '${name}' in dataset ${dataset.name}`,
    elsewhere ? `${elsewhere}${guess ? `; or did you mean '${guess}'?` : ''}` : hint,
    guess ? replaceWith(span, guess) : undefined,
  );
  return undefined;
}

function resolveOperator(predicate: Predicate, bag: DiagnosticBag): Operator | undefined {
  const { spelling, span } = predicate.operator;
  const operator = operatorFromSpelling(spelling);
  if (!operator) {
    const guess = suggestOperator(spelling);
    const hint = operatorSuggestionHint(spelling) ?? `operators are ${OPERATOR_LIST}`;
    bag.error('unknown-operator', span, `'${spelling}' is not an operator`, hint, guess ? replaceWith(span, guess) : undefined);
    return undefined;
  }
  if (operator !== spelling && DEPRECATED_SPELLINGS.has(spelling.toLowerCase())) {
    bag.warning(
      'deprecated-operator',
      span,
      `'${spelling}' is an old spelling of '${operator}'`,
      `write '${operator}'`,
      replaceWith(span, operator, `Write '${operator}'`),
    );
  }
  return operator;
}

function reportOperatorNotAllowed(predicate: Predicate, operator: Operator, field: Field, family: TypeFamily, bag: DiagnosticBag): void {
  const allowed = OPERATOR_MATRIX[family].join(', ');
  const span = predicate.operator.span;
  if (valueFacts(field).reads === 'integer or text') {
    const side = family === 'int' ? 'a number' : 'a text value';
    bag.error(
      'operator-not-allowed',
      span,
      `'${operator}' cannot be used with ${side} on field '${field.name}' (${field.type})`,
      `with a number it takes ${OPERATOR_MATRIX.int.join(', ')}; with text it takes ${OPERATOR_MATRIX.string.join(', ')}`,
    );
    return;
  }
  const kindName = typeName(field, family);
  bag.error('operator-not-allowed', span, `'${operator}' cannot be used with ${kindName} field '${field.name}'`, `${kindName} fields take ${allowed}`);
}

function sourceOf(scalar: Scalar): string {
  return scalar.kind === 'string' ? JSON.stringify(scalar.value) : scalar.value;
}

/** How each kind of literal reading (field-types.ts) reads a value. */
const READERS: Readonly<Record<LiteralReading, (scalar: Scalar, field: Field, bag: DiagnosticBag) => TypedValue | undefined>> = {
  text: (scalar) => ({ type: 'string', text: scalar.value }),
  integer: (scalar, field, bag) => readNumber(scalar, field, true, bag),
  number: (scalar, field, bag) => readNumber(scalar, field, false, bag),
  boolean: readBoolean,
  'integer or text': (scalar) =>
    readsAsInteger(scalar) ? { type: 'number', text: canonicalNumber(scalar.value)!.text } : { type: 'string', text: scalar.value },
};

function readScalar(scalar: Scalar, field: Field, bag: DiagnosticBag): TypedValue | undefined {
  return READERS[valueFacts(field).reads](scalar, field, bag);
}

function readList(list: List, field: Field, bag: DiagnosticBag): TypedValue[] | undefined {
  let ok = true;
  const values: TypedValue[] = [];
  for (const item of list.items) {
    const value = readScalar(item, field, bag);
    if (value) values.push(value);
    else ok = false;
  }
  if (!ok) return undefined;
  // An `int or string` list is numbers only when every element is an integer.
  if (valueFacts(field).reads === 'integer or text' && values.some((v) => v.type !== 'number')) {
    return list.items.map((item) => ({ type: 'string', text: item.value }));
  }
  return values;
}

function readNumber(scalar: Scalar, field: Field, integral: boolean, bag: DiagnosticBag): TypedValue | undefined {
  const number = canonicalNumber(scalar.value);
  const what = integral ? 'a whole number' : 'a number';
  if (!number || (integral && !number.integral)) {
    const shown = scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`;
    bag.error(
      'invalid-value',
      scalar.span,
      `${shown} is not ${what}; '${field.name}' is ${isArrayField(field) ? `an ${field.type}` : `a${integral ? 'n int' : ' float'}`} field`,
      number && integral ? `write a whole number such as ${number.text.split('.')[0]}` : `write ${what} such as ${integral ? '30' : '0.5'}`,
    );
    return undefined;
  }
  if (integral && !intInRange(scalar, number.text, field, bag)) return undefined;
  if (scalar.kind === 'string') {
    bag.warning(
      'quoted-number',
      scalar.span,
      `the quoted value ${JSON.stringify(scalar.value)} is read as the number ${number.text}`,
      `write it without quotes: ${number.text}`,
      replaceWith(scalar.span, number.text, `Write ${number.text} without quotes`),
    );
  }
  return { type: 'number', text: number.text };
}

function intInRange(scalar: Scalar, text: string, field: Field, bag: DiagnosticBag): boolean {
  const problem = uint64Problem(text);
  if (!problem) return true;
  const what = problem === 'negative' ? 'is negative' : 'is larger than 18446744073709551615 (2^64-1)';
  bag.error(
    'int-out-of-range',
    scalar.span,
    `${text} ${what}; the service reads '${field.name}' as an unsigned 64-bit integer`,
    problem === 'negative'
      ? 'int values run from 0 to 18446744073709551615: no record holds a negative value, so drop or rewrite the comparison'
      : 'int values run from 0 to 18446744073709551615: write a value in that range',
  );
  return false;
}

function readBoolean(scalar: Scalar, field: Field, bag: DiagnosticBag): TypedValue | undefined {
  const lower = scalar.value.toLowerCase();
  if (lower !== 'true' && lower !== 'false') {
    const shown = scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`;
    bag.error('invalid-value', scalar.span, `${shown} is not true or false; '${field.name}' is a bool field`, 'write true or false');
    return undefined;
  }
  if (scalar.kind === 'string' || scalar.value !== lower) {
    bag.warning(
      'quoted-boolean',
      scalar.span,
      `${scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`} is read as the boolean ${lower}`,
      `write it as ${lower}`,
      replaceWith(scalar.span, lower, `Write ${lower}`),
    );
  }
  return { type: 'boolean', text: lower };
}

/** A fix that writes `text` in place of `span`. */
function replaceWith(span: Span, text: string, title = `Change to '${text}'`): FixSpans {
  return { title, edits: [{ span, newText: text }] };
}
