/**
 * How a catalog field's type behaves in the language, asked in one place by the checker,
 * decompile, hover, completion, evaluation and the values helper: which column of the operator
 * matrix it falls in, its element type, the operators it allows and how a literal is read.
 */
import { madeOnFirstUse } from '../base/first-use.js';
import { canonicalNumber } from './values.js';
import { OPERATOR_MATRIX, OPERATORS, type Operator, type TypeFamily } from './operators.js';

export type FieldKind = 'string' | 'int' | 'float' | 'bool' | 'int or string' | 'object' | 'array';

/** The type of one value of a field: the field's own kind, or its element type for arrays. */
export type ValueType = Exclude<FieldKind, 'array'>;

/** How a literal of a value type is read (check.ts reads each in one case of a switch, which fails to compile without one per reading). */
export type LiteralReading = 'text' | 'integer' | 'number' | 'boolean' | 'integer or text';

export interface ValueTypeFacts {
  /** The column of the operator matrix; an `integer or text` literal that is an integer falls in `int`. */
  readonly family: TypeFamily;
  readonly reads: LiteralReading;
  /** Values compared as numbers. */
  readonly numeric: boolean;
  /** The JSON kind the service decodes its values (and an `in` list's members) as; undefined: by the value. */
  readonly json?: 'string' | 'number' | 'boolean';
  /** How a SQL column of this type is viewed (sql/views.ts). */
  readonly column: 'text' | 'number' | 'boolean';
  /** The service filters on it (objects are delivered, never filtered on). */
  readonly filterable: boolean;
  /** What a value of it is, in messages and hover: `a whole number`. */
  readonly what: string;
  /** A JSON list of values of it, for hints. */
  readonly example: string;
}

/** The one table of value types. A new field type is one more entry (and its name in FieldKind). */
export const VALUE_TYPES = {
  string: {
    family: 'string',
    reads: 'text',
    numeric: false,
    json: 'string',
    column: 'text',
    filterable: true,
    what: 'a string',
    example: '["a", "b"]',
  },
  int: {
    family: 'int',
    reads: 'integer',
    numeric: true,
    json: 'number',
    column: 'number',
    filterable: true,
    what: 'a whole number',
    example: '[200, 201]',
  },
  float: {
    family: 'int',
    reads: 'number',
    numeric: true,
    json: 'number',
    column: 'number',
    filterable: true,
    what: 'a number',
    example: '[0.5, 1]',
  },
  bool: {
    family: 'bool',
    reads: 'boolean',
    numeric: false,
    json: 'boolean',
    column: 'boolean',
    filterable: true,
    what: 'a boolean',
    example: '[true]',
  },
  'int or string': {
    family: 'string',
    reads: 'integer or text',
    numeric: false,
    column: 'text',
    filterable: true,
    what: 'a whole number or a string',
    example: '["a", "b"]',
  },
  object: {
    family: 'string',
    reads: 'text',
    numeric: false,
    column: 'text',
    filterable: false,
    what: 'an object',
    example: '["a", "b"]',
  },
} as const satisfies Readonly<Record<ValueType, ValueTypeFacts>>;

const FACTS: Readonly<Record<ValueType, ValueTypeFacts>> = VALUE_TYPES;

/** The part of a field its type rules need. */
export interface Typed {
  kind: FieldKind;
  element?: string;
}

function isValueType(type: string): type is ValueType {
  return Object.hasOwn(VALUE_TYPES, type);
}

/** The kind (and element type) of a documented type (`int`, `array[string]`, ...), or undefined for an unknown type. */
export function parseFieldType(type: string): Typed | undefined {
  if (isValueType(type)) return { kind: type };
  // `array[ELEMENT]`, read without a regular expression: each one a run executes is compiled first.
  if (!type.startsWith('array[') || !type.endsWith(']')) return undefined;
  const element = type.slice('array['.length, -1);
  return isValueType(element) && element !== 'int or string' ? { kind: 'array', element } : undefined;
}

export const KNOWN_FIELD_TYPES = [...Object.keys(VALUE_TYPES), 'array[string]', 'array[int]', 'array[object]'].join(', ');

export function isArrayField(field: Typed): boolean {
  return field.kind === 'array';
}

/** The type each value of the field has: the element type for arrays. */
export function valueType(field: Typed): ValueType {
  return (isArrayField(field) ? field.element : field.kind) as ValueType;
}

/** The facts of the type each value of the field has. */
export function valueFacts(field: Typed): ValueTypeFacts {
  // A switch rather than `FACTS[type]`: the checker asks for every predicate, and a property looked
  // up by a name held in a variable costs more than a few comparisons.
  switch (valueType(field)) {
    case 'string':
      return FACTS.string;
    case 'int':
      return FACTS.int;
    case 'float':
      return FACTS.float;
    case 'bool':
      return FACTS.bool;
    case 'int or string':
      return FACTS['int or string'];
    case 'object':
      return FACTS.object;
    default:
      return FACTS.string;
  }
}

/** Values compared as numbers (int and float fields, and arrays of them). */
export function isNumericField(field: Typed): boolean {
  return valueFacts(field).numeric;
}

/** Object fields (and arrays of objects) are delivered but never filtered on. */
export function holdsObjects(field: Typed): boolean {
  return !valueFacts(field).filterable;
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

/**
 * The column of the operator matrix a field (and, for `int or string`, its literal) falls in;
 * `facts` are the field's value facts, for a caller that has them already.
 */
export function typeFamily(field: Typed, literal?: Literal, facts: ValueTypeFacts = valueFacts(field)): TypeFamily {
  if (isArrayField(field)) return 'array';
  return facts.reads === 'integer or text' && literal && readsAsInteger(literal) ? 'int' : facts.family;
}

/** The operators of either column, for an `int or string` field: made when first asked for (hints and completion ask). */
const intOrStringOperators = /*@__PURE__*/ madeOnFirstUse((): readonly Operator[] =>
  OPERATORS.filter((op) => OPERATOR_MATRIX.int.includes(op) || OPERATOR_MATRIX.string.includes(op)),
);

/** The operators a field allows whatever its literal: for `int or string`, those of either column. */
export function allowedOperators(field: Typed): readonly Operator[] {
  return !isArrayField(field) && valueFacts(field).reads === 'integer or text' ? intOrStringOperators() : OPERATOR_MATRIX[typeFamily(field)];
}

/** How the field's type is named in messages: `float`, `array[int]`, or the family's name. */
export function typeName(field: Typed & { type: string }, family: TypeFamily): string {
  if (field.kind === 'float') return 'float';
  if (isArrayField(field)) return field.type;
  return { string: 'string', int: 'int', bool: 'bool', array: 'array' }[family];
}
