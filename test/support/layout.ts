/**
 * The same filter written differently: whitespace, Unicode spaces, comments, keyword case and
 * `&&`/`||`/`!` for AND/OR/NOT. `renderWithLayout(expr, choices)` must compile like `print(expr)`.
 */
import { printScalar, type Expr, type List, type Predicate, type Scalar } from '@logfilter/core';
import fc from 'fast-check';

/** Choices for `renderWithLayout`, consumed in turn (and cyclically). */
export interface Layout {
  separators: string[];
  tight: string[];
  keywords: number[];
}

const COMMENT_TEXT = fc.string({ unit: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\n' && c !== '\r'), maxLength: 12 });

/**
 * Whitespace between tokens: spaces, tabs, newlines, CRLF, Unicode spaces (what JavaScript's \s
 * matches), and comments running to the end of a line.
 */
const separator: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', ' \n\t ', '\n\n') },
  { weight: 1, arbitrary: fc.constantFrom('\u00a0', '\u3000', '\ufeff', '\u2028', '\v', '\f', '\r') },
  { weight: 2, arbitrary: COMMENT_TEXT.map((text) => ` #${text}\n`) },
);

export const layout: fc.Arbitrary<Layout> = fc.record({
  separators: fc.array(separator, { minLength: 1, maxLength: 16 }),
  tight: fc.array(fc.oneof(fc.constant(''), separator), { minLength: 1, maxLength: 16 }),
  keywords: fc.array(fc.nat(9), { minLength: 1, maxLength: 16 }),
});

const KEYWORD_SPELLINGS = {
  and: ['AND', 'and', 'And', 'aNd', '&&'],
  or: ['OR', 'or', 'Or', 'oR', '||'],
  not: ['NOT', 'not', 'Not', 'nOT', '!'],
};

/**
 * Writes `expr` as `print` does but with the layout's whitespace, comments and keyword spellings,
 * so that it must compile to the same output.
 */
export function renderWithLayout(expr: Expr, choices: Layout): string {
  let s = 0;
  let t = 0;
  let k = 0;
  const sep = () => choices.separators[s++ % choices.separators.length];
  const tight = () => choices.tight[t++ % choices.tight.length];
  const keyword = (which: keyof typeof KEYWORD_SPELLINGS) => {
    const options = KEYWORD_SPELLINGS[which];
    return options[choices.keywords[k++ % choices.keywords.length] % options.length];
  };

  const render = (node: Expr): string => {
    switch (node.kind) {
      case 'and':
      case 'or':
        return node.operands.map((operand) => member(operand, node.kind)).reduce((text, next) => `${text}${sep()}${keyword(node.kind)}${sep()}${next}`);
      case 'not': {
        const inner = node.operand;
        const body = render(inner);
        return inner.kind === 'and' || inner.kind === 'or' ? `${keyword('not')}${tight()}(${tight()}${body}${tight()})` : `${keyword('not')}${sep()}${body}`;
      }
      case 'predicate':
        return predicate(node);
    }
  };
  const member = (operand: Expr, parent: 'and' | 'or'): string => {
    const text = render(operand);
    return operand.kind === parent || (operand.kind === 'or' && parent === 'and') ? `(${tight()}${text}${tight()})` : text;
  };
  const predicate = (node: Predicate): string => {
    const operator = node.operator.spelling.split(' ').join(sep());
    return `${node.field.name}${sep()}${operator}${sep()}${operand(node.operand)}`;
  };
  const operand = (value: Scalar | List): string => {
    if (value.kind !== 'list') return printScalar(value);
    const close = value.bracket === '(' ? ')' : ']';
    const items = value.items.map(printScalar).reduce((text, item) => `${text}${tight()},${tight()}${item}`);
    return `${value.bracket}${tight()}${items}${tight()}${close}`;
  };
  return tight() + render(expr) + tight();
}
