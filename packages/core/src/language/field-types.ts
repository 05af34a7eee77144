/**
 * How a catalog field's type behaves in the language, asked in one place by the checker,
 * decompile, hover, completion, evaluation and the values helper: which column of the operator
 * matrix it falls in, its element type, the operators it allows and how a literal is read.
 */
import { canonicalNumber } from './values.js';
import { OPERATOR_MATRIX, OPERATORS, type Operator, type TypeFamily } from './operators.js';

export type FieldKind = 'string' | 'int' | 'float' | 'bool' | 'int or string' | 'object' | 'array';

/** The type of one value of a field: the field's own kind, or its element type for arrays. */
export type ValueType = Exclude<FieldKind, 'array'>;

/** The part of a field its type rules need. */
export interface Typed {
  kind: FieldKind;
  element?: string;
}

const SCALAR_KINDS: ReadonlySet<string> = new Set(['string', 'int', 'float', 'bool', 'int or string', 'object']);
const ARRAY_TYPE = /^array\[(string|int|object|float|bool)\]$/;

/** The kind (and element type) of a documented type (`int`, `array[string]`, ...), or undefined for an unknown type. */
export function parseFieldType(type: string): Typed | undefined {
  if (SCALAR_KINDS.has(type)) return { kind: type as FieldKind };
  const array = ARRAY_TYPE.exec(type);
  return array ? { kind: 'array', element: array[1] } : undefined;
}

export const KNOWN_FIELD_TYPES = 'string, int, float, bool, int or string, object, array[string], array[int], array[object]';

export function isArrayField(field: Typed): boolean {
  return field.kind === 'array';
}

/** The type each value of the field has: the element type for arrays. */
export function valueType(field: Typed): ValueType {
  return (isArrayField(field) ? field.element : field.kind) as ValueType;
}

/** Values compared as numbers (int and float fields, and arrays of them). */
export function isNumericField(field: Typed): boolean {
  const type = valueType(field);
  return type === 'int' || type === 'float';
}

/** Object fields (and arrays of objects) are delivered but never filtered on. */
export function holdsObjects(field: Typed): boolean {
  return valueType(field) === 'object';
}

/** A value as written: its kind (`number`, `string`, `word`, `list`) and, but for lists, its text. */
export interface Literal {
  kind: string;
  value?: unknown;
}

/** An `int or string` literal is read as a number when it is an unquoted integer. */
export function readsAsInteger(literal: Literal): boolean {
  return literal.kind === 'number' && typeof literal.value === 'string' && canonicalNumber(literal.value)?.integral === true;
}

/** The column of the operator matrix a field (and, for `int or string`, its literal) falls in. */
export function typeFamily(field: Typed, literal?: Literal): TypeFamily {
  switch (field.kind) {
    case 'int':
    case 'float':
      return 'int';
    case 'bool':
      return 'bool';
    case 'array':
      return 'array';
    case 'int or string':
      return literal && readsAsInteger(literal) ? 'int' : 'string';
    default:
      return 'string';
  }
}

const INT_OR_STRING_OPERATORS: readonly Operator[] = OPERATORS.filter((op) => OPERATOR_MATRIX.int.includes(op) || OPERATOR_MATRIX.string.includes(op));

/** The operators a field allows whatever its literal: for `int or string`, those of either column. */
export function allowedOperators(field: Typed): readonly Operator[] {
  return field.kind === 'int or string' ? INT_OR_STRING_OPERATORS : OPERATOR_MATRIX[typeFamily(field)];
}

/** How the field's type is named in messages: `float`, `array[int]`, or the family's name. */
export function typeName(field: Typed & { type: string }, family: TypeFamily): string {
  if (field.kind === 'float') return 'float';
  if (isArrayField(field)) return field.type;
  return { string: 'string', int: 'int', bool: 'bool', array: 'array' }[family];
}
