/**
 * fast-check generators for filters over the http_requests catalog, shared by the property tests
 * (compile, print/parse, and the decompile/evaluate properties built on them).
 *
 * `wellTypedExpr` makes ASTs exactly as the parser builds them (spans zeroed): every field is
 * filterable, every operator is allowed for the field's type, every value is valid for it, and
 * `in`/`!in` get non-empty lists. Such a filter compiles with no error (warnings are allowed:
 * quoted numbers, `lte`/`gte`, deprecated fields).
 */
import {
  builtinCatalog,
  OPERATOR_MATRIX,
  canonicalNumber,
  uint64Problem,
  type Expr,
  type Field,
  type List,
  type Operator,
  type Predicate,
  type Scalar,
} from '@logfilter/core';
import fc from 'fast-check';

export { layout, renderWithLayout } from './layout.js';

const NO_SPAN = { start: 0, end: 0 };
export const DATASET = builtinCatalog().get('http_requests')!;

/** Filterable fields grouped by how their values are read. */
export const FIELDS = (() => {
  const filterable = DATASET.fields.filter((field) => field.filterable);
  const of = (test: (field: Field) => boolean) => filterable.filter(test).map((field) => field.name);
  return {
    string: of((f) => f.kind === 'string'),
    int: of((f) => f.kind === 'int'),
    float: of((f) => f.kind === 'float'),
    bool: of((f) => f.kind === 'bool'),
    intOrString: of((f) => f.kind === 'int or string'),
    arrayString: of((f) => f.kind === 'array' && f.element === 'string'),
    arrayInt: of((f) => f.kind === 'array' && f.element === 'int'),
  };
})();

// --- values ------------------------------------------------------------------------------------

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const KEYWORDS = new Set(['and', 'or', 'not']);

/** How the parser classifies a bare word (parse.ts `classifyWord`). */
function wordKind(word: string): Scalar['kind'] {
  if (NUMBER.test(word)) return 'number';
  if (word === 'true' || word === 'false') return 'boolean';
  return 'word';
}

const WORD_START = [...'abcxyzABCXYZ019_.-:/*?%~@+^$;é東', '😀'];
const WORD_REST = [...WORD_START, '=', '&'];

/** A bare word as a user writes it: `example.com`, `/search?q=1&x=2`, `2001:db8::1`, `Zürich`. */
const bareWord: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...WORD_START), fc.array(fc.constantFrom(...WORD_REST), { maxLength: 10 }))
  .map(([first, rest]) => first + rest.join(''))
  .filter((word) => !KEYWORDS.has(word.toLowerCase()));

/** Characters that need escaping or that the lexer treats specially, mixed with any code point. */
const STRING_CHAR = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('"', "'", '\\', '/', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u001f', '\u2028', '#', '(', ')', ',', ' ', 'é', '😀', '\ud800'),
  },
  { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** Any string content, in double or single quotes. */
const quotedString: fc.Arbitrary<Scalar> = fc
  .tuple(
    fc.array(STRING_CHAR, { maxLength: 12 }).map((chars) => chars.join('')),
    fc.constantFrom<'"' | "'">('"', "'"),
  )
  .map(([value, quote]) => ({ kind: 'string', value, quote, span: NO_SPAN }));

const word = (value: string): Scalar => ({ kind: wordKind(value), value, span: NO_SPAN });

/** A value for a string field: bare when it can be, quoted otherwise. */
const stringValue: fc.Arbitrary<Scalar> = fc.oneof(bareWord.map(word), quotedString);

const digits = fc.array(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: 22 }).map((d) => d.join(''));
const sign = fc.constantFrom('', '', '-');

/** Integer literals, with leading zeros, `-0`, a zero fraction (`5.00`) and values past 2^53. */
const integerText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.tuple(sign, digits).map(([s, d]) => s + d),
  fc.tuple(sign, digits, fc.constantFrom('.0', '.00')).map(([s, d, zero]) => s + d + zero),
);

/** Decimal literals: `1.5`, `01.50`, `-0.25`, or whole numbers. */
const decimalText: fc.Arbitrary<string> = fc.oneof(
  integerText,
  fc.tuple(sign, digits, digits).map(([s, w, f]) => `${s}${w}.${f}`),
);

/** A number value, now and then quoted (accepted with a warning). */
function numberValue(text: fc.Arbitrary<string>): fc.Arbitrary<Scalar> {
  return fc.oneof(
    { weight: 6, arbitrary: text.map(word) },
    {
      weight: 1,
      arbitrary: fc.tuple(text, fc.constantFrom<'"' | "'">('"', "'")).map(([value, quote]): Scalar => ({ kind: 'string', value, quote, span: NO_SPAN })),
    },
  );
}

/** Integer literals an int field takes: the service reads them as uint64, so 0 to 2^64-1. */
const uint64Text = integerText.filter((text) => uint64Problem(canonicalNumber(text)?.text ?? '-') === undefined);

const intValue = numberValue(uint64Text);
const floatValue = numberValue(decimalText);
const boolValue: fc.Arbitrary<Scalar> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('true', 'false').map(word) },
  { weight: 1, arbitrary: fc.constantFrom('TRUE', 'False').map(word) },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false').map((value): Scalar => ({ kind: 'string', value, quote: '"', span: NO_SPAN })) },
);

/** The text side of an `int or string` field: anything but a bare whole number. */
const textSideValue: fc.Arbitrary<Scalar> = stringValue.filter((s) => !(s.kind === 'number' && canonicalNumber(s.value)?.integral));
/** The number side of an `int or string` field: a bare whole number. */
const numberSideValue: fc.Arbitrary<Scalar> = integerText.map(word);

// --- operators -----------------------------------------------------------------------------------

const SYMBOLS: Partial<Record<Operator, string[]>> = { eq: ['==', '='], '!eq': ['!='], lt: ['<'], leq: ['<='], gt: ['>'], geq: ['>='] };
const OLD_SPELLINGS: Partial<Record<Operator, string>> = { leq: 'lte', geq: 'gte' };

function caseVariants(word: string): string[] {
  return [...new Set([word, word.toLowerCase(), word.toUpperCase()])];
}

/** Every spelling of an operator, as the parser records it (`!in`, `not in`, `not IN`, `!=`, `GEQ`, `lte`). */
function spellingsOf(operator: Operator): string[] {
  const spellings = [...(SYMBOLS[operator] ?? [])];
  if (operator.startsWith('!')) {
    for (const base of caseVariants(operator.slice(1))) {
      spellings.push(`!${base}`);
      if (operator !== '!eq') spellings.push(`not ${base}`);
    }
  } else {
    spellings.push(...caseVariants(operator));
  }
  const old = OLD_SPELLINGS[operator];
  if (old) spellings.push(old);
  return spellings;
}

const spelling = (operator: Operator) => fc.constantFrom(...spellingsOf(operator));

// --- predicates ------------------------------------------------------------------------------------

const list = (item: fc.Arbitrary<Scalar>): fc.Arbitrary<List> =>
  fc
    .tuple(fc.array(item, { minLength: 1, maxLength: 5 }), fc.constantFrom<'(' | '['>('(', '['))
    .map(([items, bracket]) => ({ kind: 'list', items, bracket, span: NO_SPAN }));

function predicateOf(fields: string[], operators: readonly Operator[], scalar: fc.Arbitrary<Scalar>, listItem = scalar): fc.Arbitrary<Predicate> {
  return fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...operators)).chain(([name, operator]) =>
    fc.tuple(spelling(operator), operator === 'in' || operator === '!in' ? list(listItem) : scalar).map(
      ([written, operand]): Predicate => ({
        kind: 'predicate',
        field: { name, span: NO_SPAN },
        operator: { spelling: written, span: NO_SPAN },
        operand,
        span: NO_SPAN,
      }),
    ),
  );
}

const NUMBER_SIDE = OPERATOR_MATRIX.int.filter((op) => op !== 'in' && op !== '!in');
const TEXT_SIDE = OPERATOR_MATRIX.string.filter((op) => op !== 'in' && op !== '!in');

/** One predicate that type-checks: a filterable field, an operator its type allows, values of its type. */
export const wellTypedPredicate: fc.Arbitrary<Predicate> = fc.oneof(
  predicateOf(FIELDS.string, OPERATOR_MATRIX.string, stringValue),
  predicateOf(FIELDS.int, OPERATOR_MATRIX.int, intValue),
  predicateOf(FIELDS.float, OPERATOR_MATRIX.int, floatValue),
  predicateOf(FIELDS.bool, OPERATOR_MATRIX.bool, boolValue),
  predicateOf(FIELDS.arrayString, OPERATOR_MATRIX.array, stringValue),
  predicateOf(FIELDS.arrayInt, OPERATOR_MATRIX.array, intValue),
  predicateOf(FIELDS.intOrString, NUMBER_SIDE, numberSideValue),
  predicateOf(FIELDS.intOrString, TEXT_SIDE, textSideValue),
  predicateOf(FIELDS.intOrString, ['in', '!in'], textSideValue, fc.oneof(numberSideValue, textSideValue)),
);

// --- expressions -------------------------------------------------------------------------------

/** Expressions of predicates under AND, OR and NOT, shaped as the parser builds them. */
export function exprOf(predicate: fc.Arbitrary<Predicate>, maxDepth = 4): fc.Arbitrary<Expr> {
  const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
    expr: fc.oneof(
      { maxDepth, depthIdentifier: 'expr', withCrossShrink: true },
      { weight: 3, arbitrary: predicate },
      fc.array(tie('expr'), { minLength: 2, maxLength: 4 }).map((operands): Expr => ({ kind: 'and', operands, span: NO_SPAN })),
      fc.array(tie('expr'), { minLength: 2, maxLength: 4 }).map((operands): Expr => ({ kind: 'or', operands, span: NO_SPAN })),
      tie('expr').map((operand): Expr => ({ kind: 'not', operand, span: NO_SPAN })),
    ),
  }));
  return expr;
}

export const wellTypedExpr: fc.Arbitrary<Expr> = exprOf(wellTypedPredicate);

/** Compile options that take size out of the question. */
export const NO_LIMITS = { maxBytes: Number.MAX_SAFE_INTEGER, maxOperators: Number.MAX_SAFE_INTEGER } as const;

/** An AST without its spans, for comparing trees built from different texts. */
export function withoutSpans(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSpans);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'span') out[key] = withoutSpans(value);
  return out;
}

// --- predicates of any shape, right or wrong --------------------------------------------------------

/** Names that are not fields of http_requests: typos, wrong case, and plain unknowns. */
const UNKNOWN_FIELDS = ['ClientCountr', 'clientcountry', 'BOTSCORE', 'Foo', 'Edge_Status'];

/** Any scalar a user might write: words, numbers of every form, booleans, quoted text and numbers. */
const anyScalar: fc.Arbitrary<Scalar> = fc.oneof(
  stringValue,
  integerText.map(word),
  decimalText.map(word),
  fc.constantFrom('true', 'false', 'True', 'yes', '1e3', '+5', '0x1f').map(word),
  fc
    .tuple(fc.oneof(integerText, decimalText), fc.constantFrom<'"' | "'">('"', "'"))
    .map(([value, quote]): Scalar => ({ kind: 'string', value, quote, span: NO_SPAN })),
);

/** A predicate on any field name with any canonical operator and any operand, lists included (empty too). */
export const anyPredicate: fc.Arbitrary<Predicate> = fc
  .tuple(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...DATASET.fields.map((field) => field.name)) },
      { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN_FIELDS) },
    ),
    fc.constantFrom(...OPERATOR_MATRIX.string, ...OPERATOR_MATRIX.int),
    fc.oneof(
      { weight: 3, arbitrary: anyScalar },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.array(anyScalar, { maxLength: 3 }), fc.constantFrom<'(' | '['>('(', '['))
          .map(([items, bracket]): List => ({ kind: 'list', items, bracket, span: NO_SPAN })),
      },
    ),
  )
  .map(
    ([name, operator, operand]): Predicate => ({
      kind: 'predicate',
      field: { name, span: NO_SPAN },
      operator: { spelling: operator, span: NO_SPAN },
      operand,
      span: NO_SPAN,
    }),
  );

/** One edit of a text: `text` inserted, or the character at `at` deleted or replaced by `text` (`at` wraps). */
export type Edit = { at: number; kind: 'delete' | 'insert' | 'replace'; text: string };

/** Edits whose inserted and replacing text comes from `piece`. */
export function edit(piece: fc.Arbitrary<string>): fc.Arbitrary<Edit> {
  return fc.record({ at: fc.nat(), kind: fc.constantFrom<Edit['kind']>('delete', 'insert', 'replace'), text: piece });
}

/** `text` with `edits` made one after another. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const { at, kind, text: piece } of edits) {
    const i = at % (out.length + 1);
    if (kind === 'insert') out = out.slice(0, i) + piece + out.slice(i);
    else if (kind === 'delete') out = out.slice(0, i) + out.slice(i + 1);
    else out = out.slice(0, i) + piece + out.slice(i + 1);
  }
  return out;
}

/** A text of `texts` (the corpus's, say) with one to six edits whose text comes from `piece`. */
export function editedText(texts: readonly string[], piece: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...texts), fc.array(edit(piece), { minLength: 1, maxLength: 6 })).map(([text, edits]) => applyEdits(text, edits));
}
