/** The checker: every predicate against the dataset's typed fields; collects every error. */
import { filterMessage } from '../base/filter-messages.js';
import type { Expr, List, Predicate, Scalar } from '../syntax/ast.js';
import type { Dataset, Field } from '../language/catalog.js';
import type { CheckedExpr, Criterion, TypedValue } from './checked.js';
import { DiagnosticBag, SourceMap, type Diagnostic, type FixSpans, type Span } from '../base/diagnostics.js';
import {
  allowedIn,
  DEPRECATED_SPELLINGS,
  factsOf,
  type Facts,
  OPERATOR_LIST,
  OPERATOR_MATRIX,
  operatorFromSpelling,
  type Operator,
  type TypeFamily,
} from '../language/operators.js';
import { criterionText, operatorSymbol, patternCriterion, rangeCriteria, suggestOperator } from '../language/operator-suggest.js';
import { classifyWord } from '../syntax/ast-parts.js';
import { isTimestampField, unixSeconds } from '../language/logged-values.js';
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
 * Where else a field unknown in the dataset is known (the ids of the datasets that have it), from
 * the catalog the caller has: compile and decompile pass the catalog's, and compileDataset, which has
 * one dataset and no catalog (so a bundle of it carries no other), passes none.
 */
export type FieldElsewhere = (name: string, dataset: Dataset) => readonly string[] | undefined;

/** Checks into `bag`; returns the checked tree only when this tree has no error. */
export function checkInto(ast: Expr, dataset: Dataset, bag: DiagnosticBag, elsewhere?: FieldElsewhere): CheckedExpr | undefined {
  let failed = false;
  // `negated`: the node is NOT's operand (a fix that writes a predicate as two criteria parenthesises them there).
  const visit = (node: Expr, negated = false): CheckedExpr | undefined => {
    switch (node.kind) {
      case 'and':
      case 'or': {
        // Made at its length: a member that fails leaves a hole, and the group is not given back then.
        const members = node.operands;
        const operands: CheckedExpr[] = new Array(members.length);
        for (let i = 0; i < members.length; i++) operands[i] = visit(members[i])!;
        return failed ? undefined : { kind: node.kind, operands, span: node.span };
      }
      case 'not': {
        const operand = visit(node.operand, true);
        return operand && { kind: 'not', operand, span: node.span };
      }
      case 'predicate': {
        const criterion = checkPredicate(node, dataset, bag, negated, elsewhere);
        if (!criterion) failed = true;
        return criterion;
      }
    }
  };
  const result = visit(ast);
  return failed ? undefined : result;
}

function checkPredicate(predicate: Predicate, dataset: Dataset, bag: DiagnosticBag, negated: boolean, elsewhere?: FieldElsewhere): Criterion | undefined {
  const field = resolveField(predicate, dataset, bag, elsewhere);
  const known = resolveOperator(predicate, bag, negated, field);
  if (!field || !known) return undefined;
  const operator = known.operator;
  if (!field.filterable) {
    const span = predicate.field.span;
    if (holdsObjects(field)) bag.report('error', filterMessage('field-not-filterable', 'objects', { field: field.name, type: field.type }), span);
    else bag.report('error', filterMessage('field-not-filterable', 'notFiltered', { field: field.name, dataset: dataset.name }), span);
    return undefined;
  }
  const operand = predicate.operand;
  // The field's facts once for the whole predicate, for its type family and for reading its literals.
  const facts = valueFacts(field);
  const family = typeFamily(field, operand, facts);
  if (!allowedIn(family).has(operator)) {
    reportOperatorNotAllowed(predicate, operator, field, family, bag);
    return undefined;
  }
  const wantsList = known.facts.list;
  if (wantsList && operand.kind !== 'list') {
    // One quoted value holding commas (`in "us,ca"`) is its parts: in ("us,ca") would be one value.
    const parts = operand.kind === 'string' && operand.value.includes(',') ? listOfParts(operand.value) : undefined;
    const list = parts ?? `(${sourceOf(operand)})`;
    const words = parts
      ? filterMessage('expected-list', 'joinedValues', { operator, value: sourceOf(operand), list })
      : filterMessage('expected-list', 'scalar', { operator, list });
    bag.report('error', words, operand.span, replaceWith(operand.span, list, `Write the list ${list}`));
    return undefined;
  }
  if (!wantsList && operand.kind === 'list') {
    bag.report('error', filterMessage('expected-scalar', 'list', { operator, into: known.facts.merges?.into }), operand.span);
    return undefined;
  }
  if (operand.kind === 'list') {
    if (operand.items.length === 0) {
      bag.report('error', filterMessage('empty-list', 'empty', { operator }), operand.span);
      return undefined;
    }
    const values = readList(operand, field, facts.reads, bag);
    return values && { kind: 'criterion', key: field.name, operator, value: values, span: predicate.span };
  }
  const value = readScalar(operand, field, facts.reads, bag);
  return value && { kind: 'criterion', key: field.name, operator, value, span: predicate.span };
}

function resolveField(predicate: Predicate, dataset: Dataset, bag: DiagnosticBag, fieldElsewhere?: FieldElsewhere): Field | undefined {
  const { name, span } = predicate.field;
  const field = dataset.field(name);
  if (field) {
    if (field.deprecated)
      bag.report('warning', filterMessage('deprecated-field', 'inFilter', { field: name, dataset: dataset.name, description: field.description }), span);
    return field;
  }
  const sameLetters = dataset.fieldIgnoringCase(name);
  if (sameLetters) {
    const data = { name, dataset: dataset.name, guess: sameLetters.name, sameLetters: true };
    bag.report('error', filterMessage('unknown-field', 'inDataset', data), span, replaceWith(span, sameLetters.name));
    return undefined;
  }
  const guess = dataset.suggest(name);
  const elsewhere = fieldElsewhere?.(name, dataset);
  bag.report(
    'error',
    filterMessage('unknown-field', 'inDataset', { name, dataset: dataset.name, guess, elsewhere }),
    span,
    guess ? replaceWith(span, guess) : undefined,
  );
  return undefined;
}

function resolveOperator(predicate: Predicate, bag: DiagnosticBag, negated: boolean, field: Field | undefined): KnownSpelling | undefined {
  const { spelling, span } = predicate.operator;
  const known = knownSpelling(spelling);
  if (!known) {
    const { operand } = predicate;
    // Numbers alone: a range of text (`between (a, z)`) the service cannot filter.
    const range =
      operand.kind === 'list' && operand.items.length === 2 && operand.items.every((item) => item.kind === 'number')
        ? rangeCriteria(spelling, predicate.field.name, operand.items[0].value, operand.items[1].value)
        : undefined;
    if (range) {
      const criteria = negated ? `(${range})` : range;
      bag.report(
        'error',
        filterMessage('unknown-operator', 'range', { spelling, criteria }),
        span,
        replaceWith(predicate.span, criteria, 'Write the range as two criteria'),
      );
      return undefined;
    }
    // A pattern (`like '/api%'`) on a text field: what it means, when one criterion says it (not
    // when the value has an escape the language does not take: its value is then not the text).
    const written = operand.kind === 'string' || operand.kind === 'word' ? operand.value : '';
    const pattern = patternCriterion(spelling, written);
    if (pattern) {
      const { start, end } = operand.span;
      const misread = bag.items.some((item) => item.code === 'invalid-escape' && item.range.start.offset >= start && item.range.start.offset < end);
      const found = field?.kind === 'string' && !misread ? pattern.criterion : undefined;
      const criterion = found && criterionText(predicate.field.name, found);
      const caseless = pattern.dialect === 'ilike';
      bag.report(
        'error',
        filterMessage('unknown-operator', 'pattern', { spelling, pattern: JSON.stringify(written), criterion, caseless }),
        span,
        criterion && !caseless ? replaceWith(predicate.span, criterion, `Write ${criterion}`) : undefined,
      );
      return undefined;
    }
    const guess = suggestOperator(spelling);
    const data = { spelling, guess, also: guess && operatorSymbol(guess), operators: OPERATOR_LIST };
    bag.report('error', filterMessage('unknown-operator', 'notAnOperator', data), span, guess ? replaceWith(span, guess) : undefined);
    return undefined;
  }
  if (known.deprecated) {
    const operator = known.operator;
    bag.report(
      'warning',
      filterMessage('deprecated-operator', 'oldSpelling', { spelling, operator }),
      span,
      replaceWith(span, operator, `Write '${operator}'`),
    );
  }
  return known;
}

/**
 * What the checker asks of an operator spelling, found once per spelling from operators.ts: the
 * operator, whether the spelling is a deprecated one, and the operator's facts. Every predicate asks
 * all three, and one lookup here stands for three (the spelling as written, then lower-cased; the
 * deprecated spellings; the facts table): 2% of a ~900-byte compile, kept off the browser bundle's
 * budget by leaving the allowed operators to `allowedIn`.
 */
interface KnownSpelling {
  readonly operator: Operator;
  readonly deprecated: boolean;
  readonly facts: Facts;
}

/**
 * Known spellings met so far, each in a slot chosen by its length and first and last characters (no
 * two operators share one), holding the last spelling met there. A spelling fresh from the text is a
 * new string: compared with the one in its slot, it is found without the hashing a Map's lookup
 * starts with.
 */
const KNOWN_SPELLINGS: Array<{ spelling: string; known: KnownSpelling } | undefined> = new Array(64);

function knownSpelling(spelling: string): KnownSpelling | undefined {
  const slot = (spelling.length * 5 + spelling.charCodeAt(0) + spelling.charCodeAt(spelling.length - 1) * 3) & 63;
  const kept = KNOWN_SPELLINGS[slot];
  if (kept?.spelling === spelling) return kept.known;
  const operator = operatorFromSpelling(spelling);
  if (!operator) return undefined;
  const known = { operator, deprecated: operator !== spelling && DEPRECATED_SPELLINGS.has(spelling.toLowerCase()), facts: factsOf(operator) };
  KNOWN_SPELLINGS[slot] = { spelling, known };
  return known;
}

function reportOperatorNotAllowed(predicate: Predicate, operator: Operator, field: Field, family: TypeFamily, bag: DiagnosticBag): void {
  const allowed = OPERATOR_MATRIX[family].join(', ');
  const span = predicate.operator.span;
  if (valueFacts(field).reads === 'integer or text') {
    // A time written as text where a comparison takes a number (`EdgeStartTimestamp gt 2024-01-01`): the number to write.
    const operand = predicate.operand;
    if (family !== 'int' && operand.kind !== 'list' && isTimestampField(field)) {
      const seconds = unixSeconds(operand.value);
      if (seconds !== undefined) {
        const nanoseconds = (BigInt(seconds) * 1_000_000_000n).toString();
        const data = { operator, value: sourceOf(operand), field: field.name, seconds: String(seconds), nanoseconds };
        bag.report('error', filterMessage('operator-not-allowed', 'timeAsText', data), span);
        return;
      }
    }
    const side = family === 'int' ? 'a number' : 'a text value';
    const withNumber = OPERATOR_MATRIX.int.join(', ');
    const withText = OPERATOR_MATRIX.string.join(', ');
    bag.report(
      'error',
      filterMessage('operator-not-allowed', 'integerOrText', { operator, side, field: field.name, type: field.type, withNumber, withText }),
      span,
    );
    return;
  }
  bag.report('error', filterMessage('operator-not-allowed', 'ofType', { operator, kind: typeName(field, family), field: field.name, allowed }), span);
}

/** A text holding commas as the list of its parts (`"us, ca"` -> `("us", "ca")`): numbers bare, the rest quoted as it was. */
function listOfParts(text: string): string {
  const parts = text.split(',').map((part) => part.trim());
  return `(${parts
    .filter((part) => part !== '')
    .map((part) => (classifyWord(part) === 'number' ? part : JSON.stringify(part)))
    .join(', ')})`;
}

function sourceOf(scalar: Scalar): string {
  return scalar.kind === 'string' ? JSON.stringify(scalar.value) : scalar.value;
}

/** A literal read as the field's values are read (`reads`, from field-types.ts): one case per kind of reading. */
function readScalar(scalar: Scalar, field: Field, reads: LiteralReading, bag: DiagnosticBag): TypedValue | undefined {
  switch (reads) {
    case 'text':
      return { type: 'string', text: scalar.value };
    case 'integer':
      return readNumber(scalar, field, true, bag);
    case 'number':
      return readNumber(scalar, field, false, bag);
    case 'boolean':
      return readBoolean(scalar, field, bag);
    case 'integer or text':
      return readsAsInteger(scalar) ? { type: 'number', text: canonicalNumber(scalar.value)!.text } : { type: 'string', text: scalar.value };
    default:
      return unknownReading(reads);
  }
}

/** Every kind of reading has its case above: a new kind in field-types.ts fails to compile here until it has one. */
function unknownReading(reads: never): never {
  throw new Error(`no reader for ${String(reads)} values`);
}

function readList(list: List, field: Field, reads: LiteralReading, bag: DiagnosticBag): TypedValue[] | undefined {
  let ok = true;
  const items = list.items;
  // Made at its length: a value that does not read leaves a hole, and the list is not given back then.
  const values: TypedValue[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const value = readScalar(items[i], field, reads, bag);
    if (value) values[i] = value;
    else ok = false;
  }
  if (!ok) return undefined;
  // An `int or string` list is numbers only when every element is an integer.
  if (reads === 'integer or text' && values.some((v) => v.type !== 'number')) {
    return list.items.map((item) => ({ type: 'string', text: item.value }));
  }
  return values;
}

function readNumber(scalar: Scalar, field: Field, integral: boolean, bag: DiagnosticBag): TypedValue | undefined {
  const number = canonicalNumber(scalar.value);
  const what = integral ? 'a whole number' : 'a number';
  if (!number || (integral && !number.integral)) {
    const shown = scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`;
    const fieldKind = isArrayField(field) ? `an ${field.type}` : `a${integral ? 'n int' : ' float'}`;
    const example = number && integral ? `a whole number such as ${number.text.split('.')[0]}` : `${what} such as ${integral ? '30' : '0.5'}`;
    bag.report('error', filterMessage('invalid-value', 'notANumber', { shown, what, field: field.name, fieldKind, example }), scalar.span);
    return undefined;
  }
  if (integral && !intInRange(scalar, number.text, field, bag)) return undefined;
  if (scalar.kind === 'string') {
    const data = { quoted: JSON.stringify(scalar.value), number: number.text };
    bag.report(
      'warning',
      filterMessage('quoted-number', 'quoted', data),
      scalar.span,
      replaceWith(scalar.span, number.text, `Write ${number.text} without quotes`),
    );
  }
  return { type: 'number', text: number.text };
}

function intInRange(scalar: Scalar, text: string, field: Field, bag: DiagnosticBag): boolean {
  const problem = uint64Problem(text);
  if (!problem) return true;
  bag.report('error', filterMessage('int-out-of-range', problem === 'negative' ? 'negative' : 'tooLarge', { value: text, field: field.name }), scalar.span);
  return false;
}

function readBoolean(scalar: Scalar, field: Field, bag: DiagnosticBag): TypedValue | undefined {
  const lower = scalar.value.toLowerCase();
  if (lower !== 'true' && lower !== 'false') {
    const shown = scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`;
    bag.report('error', filterMessage('invalid-value', 'notABoolean', { shown, field: field.name }), scalar.span);
    return undefined;
  }
  if (scalar.kind === 'string' || scalar.value !== lower) {
    const shown = scalar.kind === 'string' ? JSON.stringify(scalar.value) : `'${scalar.value}'`;
    bag.report('warning', filterMessage('quoted-boolean', 'quoted', { shown, value: lower }), scalar.span, replaceWith(scalar.span, lower, `Write ${lower}`));
  }
  return { type: 'boolean', text: lower };
}

/** A fix that writes `text` in place of `span`. */
function replaceWith(span: Span, text: string, title = `Change to '${text}'`): FixSpans {
  return { title, edits: [{ span, newText: text }] };
}
