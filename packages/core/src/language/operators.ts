/** The service's operators, their spellings, their negations and the field types they apply to. */

export const OPERATORS = [
  'eq',
  '!eq',
  'lt',
  'leq',
  'gt',
  'geq',
  'startsWith',
  'endsWith',
  '!startsWith',
  '!endsWith',
  'contains',
  '!contains',
  'in',
  '!in',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** Pairs used to push NOT to the leaves: NOT (x op v) == x negation(op) v. */
export const NEGATION: Readonly<Record<Operator, Operator>> = {
  eq: '!eq',
  '!eq': 'eq',
  in: '!in',
  '!in': 'in',
  contains: '!contains',
  '!contains': 'contains',
  startsWith: '!startsWith',
  '!startsWith': 'startsWith',
  endsWith: '!endsWith',
  '!endsWith': 'endsWith',
  lt: 'geq',
  geq: 'lt',
  leq: 'gt',
  gt: 'leq',
};

export const LIST_OPERATORS: ReadonlySet<Operator> = new Set(['in', '!in']);

/** Positive operators: a record missing the field fails these and passes their negations. */
export const NEGATED_OPERATORS: ReadonlySet<Operator> = new Set(['!eq', '!in', '!contains', '!startsWith', '!endsWith']);

/** The positive operator of a negated one (`!in` -> `in`); undefined for a positive operator or an unknown name. */
export function positiveOf(operator: string): Operator | undefined {
  return NEGATED_OPERATORS.has(operator as Operator) ? NEGATION[operator as Operator] : undefined;
}

/** The operators that compare one number: an `int or string` value beside them is read as a number. */
export const SCALAR_NUMBER_OPERATORS: ReadonlySet<Operator> = new Set(['eq', '!eq', 'lt', 'leq', 'gt', 'geq']);

/** Every operator, as a hint lists them. */
export const OPERATOR_LIST = OPERATORS.join(', ');

/** How an operator reads in a sentence about a record's field (`explain`): `ClientCountry is one of us, ca`. */
export const OPERATOR_PHRASE: Readonly<Record<Operator, string>> = {
  eq: 'is',
  '!eq': 'is not',
  lt: 'is less than',
  leq: 'is at most',
  gt: 'is greater than',
  geq: 'is at least',
  startsWith: 'starts with',
  endsWith: 'ends with',
  '!startsWith': 'does not start with',
  '!endsWith': 'does not end with',
  contains: 'contains',
  '!contains': 'does not contain',
  in: 'is one of',
  '!in': 'is none of',
};

export const OPERATOR_MEANING: Readonly<Record<Operator, string>> = {
  eq: 'equal',
  '!eq': 'not equal',
  lt: 'less than',
  leq: 'less than or equal',
  gt: 'greater than',
  geq: 'greater than or equal',
  startsWith: 'starts with',
  endsWith: 'ends with',
  '!startsWith': 'does not start with',
  '!endsWith': 'does not end with',
  contains: 'contains',
  '!contains': 'does not contain',
  in: 'value is in a set',
  '!in': 'value is not in a set',
};

/** The type families of the operator matrix (spec 4.3); catalog types map onto them. */
export type TypeFamily = 'string' | 'int' | 'bool' | 'array';

const STRING_OPS: readonly Operator[] = ['eq', '!eq', 'startsWith', 'endsWith', '!startsWith', '!endsWith', 'contains', '!contains', 'in', '!in'];
const INT_OPS: readonly Operator[] = ['eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in'];

/** The operator x field-type matrix of spec section 4.3, the single source of truth. */
export const OPERATOR_MATRIX: Readonly<Record<TypeFamily, readonly Operator[]>> = {
  string: STRING_OPS,
  int: INT_OPS,
  bool: ['eq', '!eq'],
  array: ['contains', '!contains', 'in', '!in'],
};

/** Every accepted spelling (lower-cased) of each operator. `lte`/`gte` are deprecated spellings. */
const SPELLINGS: ReadonlyArray<readonly [string, Operator]> = [
  ...OPERATORS.map((op) => [op.toLowerCase(), op] as const),
  ['==', 'eq'],
  ['=', 'eq'],
  ['!=', '!eq'],
  ['<', 'lt'],
  ['<=', 'leq'],
  ['>', 'gt'],
  ['>=', 'geq'],
  ['not in', '!in'],
  ['not contains', '!contains'],
  ['not startswith', '!startsWith'],
  ['not endswith', '!endsWith'],
  ['lte', 'leq'],
  ['gte', 'geq'],
];
const SPELLING_MAP = new Map<string, Operator>(SPELLINGS);
export const DEPRECATED_SPELLINGS: ReadonlySet<string> = new Set(['lte', 'gte']);

/** The canonical operator for a spelling (case-insensitive), or undefined. */
export function operatorFromSpelling(spelling: string): Operator | undefined {
  return CANONICAL.get(spelling) ?? SPELLING_MAP.get(spelling.toLowerCase());
}

/** Spellings as the output writes them, found without lower-casing: the common case. */
const CANONICAL = new Map<string, Operator>(OPERATORS.map((op) => [op, op]));

/** The allowed operators of each type family as sets, for the checker's hot path. */
export const ALLOWED: Readonly<Record<TypeFamily, ReadonlySet<Operator>>> = {
  string: new Set(OPERATOR_MATRIX.string),
  int: new Set(OPERATOR_MATRIX.int),
  bool: new Set(OPERATOR_MATRIX.bool),
  array: new Set(OPERATOR_MATRIX.array),
};

/** Word spellings, for did-you-mean on an unknown operator. */
export const WORD_SPELLINGS: readonly string[] = OPERATORS.filter((op) => /^[a-z]/i.test(op));

/** The other spellings of an operator (`!=` for `!eq`, `not in` for `!in`), deprecated ones included. */
export function aliasesOf(operator: Operator): string[] {
  return SPELLINGS.filter(([spelling, op]) => op === operator && spelling !== operator.toLowerCase()).map(([spelling]) => spelling);
}
