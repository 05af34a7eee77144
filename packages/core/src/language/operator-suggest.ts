/**
 * Did-you-mean for an operator spelling the language does not take. A negated spelling from
 * another language (`neq`, `nin`, `notcontains`, `<>`) must suggest the negated operator: the
 * plain edit distance would pick the positive one, the opposite of what the user meant.
 */
import { madeOnFirstUse } from '../base/first-use.js';
import { closest } from '../base/suggest.js';
import { factsOf, negationOf, type Operator, OPERATORS, operatorFromSpelling } from './operators.js';

/** Spellings of other languages that no edit distance leads from, with the operator they mean. */
const FOREIGN_SPELLINGS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ['<>', '!eq'],
  ['!==', '!eq'],
  ['===', 'eq'],
  ['ne', '!eq'],
  ['neq', '!eq'],
  ['nin', '!in'],
  ['lte', 'leq'],
  ['gte', 'geq'],
]);

/** `!`, `not`, `not_`, `not-`, `not ` before a positive operator's name. */
const NEGATION_PREFIX = /^(?:!|not[\s_-]*)/i;

/**
 * The operators spelled as words, and the positive ones among them: made on the first suggestion,
 * since only a filter with a misspelt operator asks (making them tests each name against a regular
 * expression, which every start of the CLI would otherwise compile).
 */
const wordOperators = /*@__PURE__*/ madeOnFirstUse(() => {
  const all: readonly Operator[] = OPERATORS.filter((op) => /^[a-z]/i.test(op));
  return { all, positive: all.filter((op) => !op.startsWith('!')) };
});

/** The operator a spelling most likely means, or undefined when nothing is close. */
export function suggestOperator(spelling: string): Operator | undefined {
  const lower = spelling.toLowerCase();
  const foreign = FOREIGN_SPELLINGS.get(lower);
  if (foreign) return foreign;
  const prefix = lower.match(NEGATION_PREFIX)?.[0];
  if (prefix && prefix.length < lower.length) {
    const rest = spelling.slice(prefix.length);
    const positive = positiveOperator(rest);
    return positive && negationOf(positive);
  }
  return (closest(spelling, wordOperators().all) as Operator | undefined) ?? undefined;
}

function positiveOperator(spelling: string): Operator | undefined {
  const exact = FOREIGN_SPELLINGS.get(spelling.toLowerCase()) ?? operatorFromSpelling(spelling);
  if (exact) return exact;
  return closest(spelling, wordOperators().positive) as Operator | undefined;
}

/** The symbol spelling the language also takes (`!=` for `!eq`), shown beside a suggestion so `<>` users see it. */
export const operatorSymbol = (operator: Operator): string | undefined => factsOf(operator).aliases.find((alias) => /^[^a-z]/i.test(alias));

/** Spellings of a range in other languages (`X between 1 and 5`), which the language writes as two criteria. */
const RANGE_SPELLING = /^between$/i;

/**
 * A range written as another language writes it (`field between low and high`), as this language
 * writes it: `field geq low AND field leq high`; undefined when `spelling` is no range's.
 */
export function rangeCriteria(spelling: string, field: string, low: string, high: string): string | undefined {
  if (!RANGE_SPELLING.test(spelling)) return undefined;
  const from: Operator = 'geq';
  const to: Operator = 'leq';
  return `${field} ${from} ${low} AND ${field} ${to} ${high}`;
}

/** A criterion as a hint or a fix writes it: the key, the operator and the text quoted (`ClientRequestPath startsWith "/api"`). */
export function criterionText(key: string, meant: { operator: Operator; text: string }): string {
  return `${key} ${meant.operator} ${JSON.stringify(meant.text)}`;
}

/** A `*` at either end of a text value, which other tools read as a wildcard (42 is `*`). */
export function hasEdgeStar(text: string): boolean {
  return text.length > 1 && (text.charCodeAt(0) === 42 || text.charCodeAt(text.length - 1) === 42);
}

/**
 * A text value written as a wildcard pattern (`*.example.com`, `/api/*`, `*bot*`) with `operator`,
 * as this language writes what the pattern means: the operator of the same polarity that tests a
 * suffix, a prefix or a part, and the text without its stars. Undefined when a star is left inside
 * or nothing is left.
 */
export function globCriterion(operator: Operator, text: string): { operator: Operator; text: string } | undefined {
  const leading = text.startsWith('*');
  const trailing = text.endsWith('*');
  const rest = text.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (rest === '' || rest.includes('*')) return undefined;
  const facts = factsOf(operator);
  // What the pattern asks of a value, by the operator's own test and where its stars are.
  const anyEnd = (leading && trailing) || facts.test === 'contains';
  const test =
    anyEnd || (facts.test === 'prefix' && leading) || (facts.test === 'suffix' && trailing)
      ? 'contains'
      : leading || facts.test === 'suffix'
        ? 'suffix'
        : 'prefix';
  const found = OPERATORS.find((candidate) => {
    const other = factsOf(candidate);
    return other.test === test && other.negated === facts.negated;
  });
  return found && { operator: found, text: rest };
}

/**
 * How another language writes a text pattern: SQL's `LIKE` (`%` any run of characters, `_` any one;
 * `ILIKE` the same without case), a regular expression (`matches` and `~`, as Cloudflare's rules
 * write it, `=~`, `regex`, `rlike`), a wildcard (`*`).
 */
export type PatternDialect = 'like' | 'ilike' | 'regex' | 'glob';

function patternDialect(word: string): PatternDialect | undefined {
  switch (word.toLowerCase()) {
    case 'like':
      return 'like';
    case 'ilike':
      return 'ilike';
    case '~':
    case '=~':
    case 'matches':
    case 'match':
    case 'regex':
    case 'regexp':
    case 'rlike':
      return 'regex';
    case 'wildcard':
    case 'glob':
      return 'glob';
    default:
      return undefined;
  }
}

/**
 * A pattern operator of another language (`X like '/api%'`, `X matches "^/api/"`, `X !wildcard
 * "*.php"`), which the service does not have: its dialect, and what the pattern means as one
 * criterion of this language, when it asks for a start, an end, a part or the whole of a text and
 * nothing else (the operator testing that, of the spelling's polarity, and the text). Undefined
 * when `spelling` is no pattern operator's.
 */
export function patternCriterion(spelling: string, pattern: string): { dialect: PatternDialect; criterion?: { operator: Operator; text: string } } | undefined {
  const prefix = spelling.match(NEGATION_PREFIX)?.[0] ?? '';
  const dialect = patternDialect(spelling.slice(prefix.length));
  if (!dialect) return undefined;
  const read = dialect === 'regex' ? regexText(pattern) : wildcardText(pattern, dialect === 'glob' ? '*' : '%', dialect === 'glob' ? '?' : '_');
  if (!read) return { dialect };
  const positive: Operator = read.anyStart ? (read.anyEnd ? 'contains' : 'endsWith') : read.anyEnd ? 'startsWith' : 'eq';
  return { dialect, criterion: { operator: prefix === '' ? positive : negationOf(positive), text: read.text } };
}

interface PatternText {
  /** The text the pattern holds, and whether anything may come before and after it. */
  text: string;
  anyStart: boolean;
  anyEnd: boolean;
}

/** A LIKE or wildcard pattern: `any` (`%`, `*`) only at its ends, no `one` (`_`, `?`), no escape. */
function wildcardText(pattern: string, any: string, one: string): PatternText | undefined {
  const anyStart = pattern.startsWith(any);
  const anyEnd = pattern.length > 1 && pattern.endsWith(any);
  const text = pattern.slice(anyStart ? 1 : 0, anyEnd ? -1 : undefined);
  if (text === '' || text.includes(any) || text.includes(one) || text.includes('\\')) return undefined;
  return { text, anyStart, anyEnd };
}

/**
 * A regular expression that is a text with at most `^` before it and `$` after it (or `.*` at
 * either end): its characters literal, or escaped where they would be special (`\.`).
 */
function regexText(pattern: string): PatternText | undefined {
  let start = 0;
  let end = pattern.length;
  const anyStart = !pattern.startsWith('^');
  if (!anyStart) start = 1;
  else if (pattern.startsWith('.*')) start = 2;
  let anyEnd = true;
  if (pattern.endsWith('.*') && !pattern.endsWith('\\.*') && end - 2 >= start) end -= 2;
  else if (pattern.endsWith('$') && !pattern.endsWith('\\$')) {
    anyEnd = false;
    end -= 1;
  }
  let text = '';
  for (let i = start; i < end; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[++i];
      if (next === undefined || !(REGEX_SPECIAL.includes(next) || next === '/')) return undefined;
      text += next;
    } else if (REGEX_SPECIAL.includes(c)) return undefined;
    else text += c;
  }
  return text === '' ? undefined : { text, anyStart, anyEnd };
}

/** The characters a regular expression gives a meaning of their own (escaped, they and `/` stand for themselves). */
const REGEX_SPECIAL = '\\^$.|?*+()[]{}';
