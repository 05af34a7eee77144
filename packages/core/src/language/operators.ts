/**
 * The service's operators: one record each, holding every fact the compiler, the checker, the
 * optimiser, evaluation, the SQL writer and the editor ask of it. Everything else in this file is a
 * view of that table. A new operator is one more entry; `satisfies` makes a missing fact a type error,
 * and the `Record<OperatorTest, ...>` tables of evaluate and the SQL writer make a new kind of test one.
 */

/** The type families of the operator matrix (spec 4.3); catalog types map onto them (field-types.ts). */
export type TypeFamily = 'string' | 'int' | 'bool' | 'array';

/**
 * What a positive operator tests, implemented once by evaluate (output/evaluate.ts) and once by the
 * SQL writer (sql/criteria.ts); a negated operator tests its positive's and inverts the answer.
 */
export type OperatorTest = 'equal' | 'compare' | 'prefix' | 'suffix' | 'contains' | 'member';

/** The order a `compare` operator asks for. */
export type Comparison = '<' | '<=' | '>' | '>=';

export interface OperatorFacts {
  /** NOT (x op v) == x negation v: how NOT is pushed to the leaves. */
  readonly negation: string;
  /** A negated operator (`!eq`): passes a record missing the field, and tests its negation's test inverted. */
  readonly negated: boolean;
  /** What its positive tests. */
  readonly test: OperatorTest;
  /** The order of a `compare` test. */
  readonly comparison?: Comparison;
  /** Takes a list of values `(a, b)` rather than one. */
  readonly list: boolean;
  /** Criteria with this operator in a group of this kind become one criterion with the `into` list operator. */
  readonly merges?: { readonly group: 'and' | 'or'; readonly into: string };
  /** The columns of the operator matrix (spec 4.3) it applies to. */
  readonly families: readonly TypeFamily[];
  /** Other spellings the language reads (lower case); `deprecated` ones are read with a warning. */
  readonly aliases: readonly string[];
  readonly deprecated: readonly string[];
  /** For hover and completion: `less than`. */
  readonly meaning: string;
  /** How it reads in a sentence about a record (`explain`): `ClientCountry is one of us, ca`. */
  readonly phrase: string;
}

const SCALARS: readonly TypeFamily[] = ['string', 'int', 'bool'];
const TEXT: readonly TypeFamily[] = ['string'];
const NUMBER: readonly TypeFamily[] = ['int'];
const LISTS: readonly TypeFamily[] = ['string', 'int', 'array'];
const NONE: readonly string[] = [];

/** The one table. Its key order is the order hints list the operators in. */
export const OPERATOR_TABLE = {
  eq: {
    negation: '!eq',
    negated: false,
    test: 'equal',
    list: false,
    merges: { group: 'or', into: 'in' },
    families: SCALARS,
    aliases: ['==', '='],
    deprecated: NONE,
    meaning: 'equal',
    phrase: 'is',
  },
  '!eq': {
    negation: 'eq',
    negated: true,
    test: 'equal',
    list: false,
    merges: { group: 'and', into: '!in' },
    families: SCALARS,
    aliases: ['!='],
    deprecated: NONE,
    meaning: 'not equal',
    phrase: 'is not',
  },
  lt: {
    negation: 'geq',
    negated: false,
    test: 'compare',
    comparison: '<',
    list: false,
    families: NUMBER,
    aliases: ['<'],
    deprecated: NONE,
    meaning: 'less than',
    phrase: 'is less than',
  },
  leq: {
    negation: 'gt',
    negated: false,
    test: 'compare',
    comparison: '<=',
    list: false,
    families: NUMBER,
    aliases: ['<='],
    deprecated: ['lte'],
    meaning: 'less than or equal',
    phrase: 'is at most',
  },
  gt: {
    negation: 'leq',
    negated: false,
    test: 'compare',
    comparison: '>',
    list: false,
    families: NUMBER,
    aliases: ['>'],
    deprecated: NONE,
    meaning: 'greater than',
    phrase: 'is greater than',
  },
  geq: {
    negation: 'lt',
    negated: false,
    test: 'compare',
    comparison: '>=',
    list: false,
    families: NUMBER,
    aliases: ['>='],
    deprecated: ['gte'],
    meaning: 'greater than or equal',
    phrase: 'is at least',
  },
  startsWith: {
    negation: '!startsWith',
    negated: false,
    test: 'prefix',
    list: false,
    families: TEXT,
    aliases: NONE,
    deprecated: NONE,
    meaning: 'starts with',
    phrase: 'starts with',
  },
  endsWith: {
    negation: '!endsWith',
    negated: false,
    test: 'suffix',
    list: false,
    families: TEXT,
    aliases: NONE,
    deprecated: NONE,
    meaning: 'ends with',
    phrase: 'ends with',
  },
  '!startsWith': {
    negation: 'startsWith',
    negated: true,
    test: 'prefix',
    list: false,
    families: TEXT,
    aliases: ['not startswith'],
    deprecated: NONE,
    meaning: 'does not start with',
    phrase: 'does not start with',
  },
  '!endsWith': {
    negation: 'endsWith',
    negated: true,
    test: 'suffix',
    list: false,
    families: TEXT,
    aliases: ['not endswith'],
    deprecated: NONE,
    meaning: 'does not end with',
    phrase: 'does not end with',
  },
  contains: {
    negation: '!contains',
    negated: false,
    test: 'contains',
    list: false,
    families: ['string', 'array'],
    aliases: NONE,
    deprecated: NONE,
    meaning: 'contains',
    phrase: 'contains',
  },
  '!contains': {
    negation: 'contains',
    negated: true,
    test: 'contains',
    list: false,
    families: ['string', 'array'],
    aliases: ['not contains'],
    deprecated: NONE,
    meaning: 'does not contain',
    phrase: 'does not contain',
  },
  in: {
    negation: '!in',
    negated: false,
    test: 'member',
    list: true,
    merges: { group: 'or', into: 'in' },
    families: LISTS,
    aliases: NONE,
    deprecated: NONE,
    meaning: 'value is in a set',
    phrase: 'is one of',
  },
  '!in': {
    negation: 'in',
    negated: true,
    test: 'member',
    list: true,
    merges: { group: 'and', into: '!in' },
    families: LISTS,
    aliases: ['not in'],
    deprecated: NONE,
    meaning: 'value is not in a set',
    phrase: 'is none of',
  },
} as const satisfies Readonly<Record<string, OperatorFacts>>;

export type Operator = keyof typeof OPERATOR_TABLE;

/** The facts of one operator, typed so that `negation` and `into` are operators. */
export interface Facts extends OperatorFacts {
  readonly negation: Operator;
  readonly merges?: { readonly group: 'and' | 'or'; readonly into: 'in' | '!in' };
}

/** Every entry's cross-references are operators of the table (checked by the compiler). */
const FACTS: Readonly<Record<Operator, Facts>> = OPERATOR_TABLE;

export function factsOf(operator: Operator): Facts {
  return FACTS[operator];
}

/** Every operator, in the table's order. */
export const OPERATORS: Operator[] = [];

/** The operator that pushes NOT to the leaves: NOT (x op v) == x negationOf(op) v. */
export function negationOf(operator: Operator): Operator {
  return FACTS[operator].negation;
}

/** Whether the operator compares one number: an `int or string` value beside it is read as a number. */
export function comparesOneNumber(operator: Operator): boolean {
  const facts = FACTS[operator];
  return !facts.list && facts.families.includes('int');
}

const matrix: Record<TypeFamily, Operator[]> = { string: [], int: [], bool: [], array: [] };
/** The operator x field-type matrix of spec section 4.3, as lists per column. */
export const OPERATOR_MATRIX: Readonly<Record<TypeFamily, readonly Operator[]>> = matrix;

/** Every accepted spelling (lower-cased) of each operator. */
const SPELLING_MAP = new Map<string, Operator>();
const deprecatedSpellings = new Set<string>();
export const DEPRECATED_SPELLINGS: ReadonlySet<string> = deprecatedSpellings;

/** Spellings as the output writes them, found without lower-casing: the common case. */
const CANONICAL = new Map<string, Operator>();

// The views above, made in one pass over the table: a CLI compile makes them as it starts, and one
// loop costs a fraction of a filter, a flatMap and a spread for each view.
for (const op of Object.keys(OPERATOR_TABLE) as Operator[]) {
  const facts = FACTS[op];
  OPERATORS.push(op);
  for (const family of facts.families) matrix[family].push(op);
  CANONICAL.set(op, op);
  SPELLING_MAP.set(op.toLowerCase(), op);
  for (const spelling of facts.aliases) SPELLING_MAP.set(spelling, op);
  for (const spelling of facts.deprecated) {
    SPELLING_MAP.set(spelling, op);
    deprecatedSpellings.add(spelling);
  }
}

/** Every operator, as a hint lists them. */
export const OPERATOR_LIST = OPERATORS.join(', ');

/** The allowed operators of each type family as sets, for the checker's hot path. */
const ALLOWED: Readonly<Record<TypeFamily, ReadonlySet<Operator>>> = {
  string: new Set(OPERATOR_MATRIX.string),
  int: new Set(OPERATOR_MATRIX.int),
  bool: new Set(OPERATOR_MATRIX.bool),
  array: new Set(OPERATOR_MATRIX.array),
};

/** The operators a type family allows, as a set; by a switch, cheaper than `ALLOWED[family]` with the name in a variable. */
export function allowedIn(family: TypeFamily): ReadonlySet<Operator> {
  switch (family) {
    case 'string':
      return ALLOWED.string;
    case 'int':
      return ALLOWED.int;
    case 'bool':
      return ALLOWED.bool;
    default:
      return ALLOWED.array;
  }
}

/** The canonical operator for a spelling (case-insensitive), or undefined. */
export function operatorFromSpelling(spelling: string): Operator | undefined {
  return CANONICAL.get(spelling) ?? SPELLING_MAP.get(spelling.toLowerCase());
}

/** The other spellings of an operator (`!=` for `!eq`, `not in` for `!in`), deprecated ones included. */
export function aliasesOf(operator: Operator): string[] {
  return [...FACTS[operator].aliases, ...FACTS[operator].deprecated];
}

/** In each kind of group, the scalar operator whose criteria merge and the list operator they become (`eq` -> `in` in OR). */
export const MERGE_RULES: Readonly<Record<'and' | 'or', { readonly one: Operator; readonly to: 'in' | '!in' }>> = {
  or: mergeRule('or'),
  and: mergeRule('and'),
};

function mergeRule(group: 'and' | 'or'): { one: Operator; to: 'in' | '!in' } {
  const merging = OPERATORS.filter((op) => FACTS[op].merges?.group === group);
  const one = merging.find((op) => !FACTS[op].list);
  const to = FACTS[merging.find((op) => FACTS[op].list) ?? OPERATORS[0]].merges?.into;
  if (one === undefined || to === undefined) throw new Error(`the operator table has no merge rule for ${group} groups`);
  return { one, to };
}

/** Operators the service has no list form for: each value costs one criterion. */
export function hasListForm(operator: Operator): boolean {
  return FACTS[operator].merges !== undefined;
}
