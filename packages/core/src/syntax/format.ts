/**
 * format: filter text -> canonical filter text (language.md section 4). Keywords upper case,
 * operators in their canonical spelling, values bare when that reads back the same, `(a, b)` lists,
 * comments kept, groups broken one member per line when they do not fit the width (or hold a comment
 * that must end a line). Only parentheses that the grammar needs are written. Idempotent.
 */
import { optionsOf } from '../base/arguments.js';
import type { Comment, Expr, LogicalExpr, Predicate } from './ast.js';
import { hasErrors, type Diagnostic } from '../base/diagnostics.js';
import { parse, type ParseOptions } from './parse.js';
import { needsParens, print, type PrintOptions } from './print.js';

const CANONICAL: PrintOptions = { canonical: true };

export interface FormatOptions extends ParseOptions {
  /** Lines longer than this are broken at AND/OR (default 80). */
  width?: number;
}

export interface FormatResult {
  /** False when the text does not parse; `text` is then undefined. */
  ok: boolean;
  /** The canonical text, ending without a newline. */
  text: string | undefined;
  /** Parse diagnostics (formatting needs no catalog, so type errors are not looked for). */
  diagnostics: Diagnostic[];
}

const DEFAULT_FORMAT_WIDTH = 80;
const INDENT = '  ';

export function format(text: string, givenOptions: FormatOptions = {}): FormatResult {
  const options = optionsOf(givenOptions);
  const parsed = parse(text, options);
  if (!parsed.ast || hasErrors(parsed.diagnostics)) return { ok: false, text: undefined, diagnostics: parsed.diagnostics };
  return { ok: true, text: formatExpr(parsed.ast, { comments: parsed.comments, source: text, width: options.width }), diagnostics: parsed.diagnostics };
}

export interface FormatExprOptions {
  /** Comments of the source, with the source they were read from (to tell own-line from end-of-line). */
  comments?: readonly Comment[];
  source?: string;
  width?: number;
}

/** The canonical text of a syntax tree. */
export function formatExpr(expr: Expr, options: FormatExprOptions = {}): string {
  const attached = attachComments(expr, options.comments ?? [], options.source ?? '');
  const printer = new Printer(attached, options.width ?? DEFAULT_FORMAT_WIDTH);
  printer.emit(expr, 0, '', false);
  for (const comment of attached.end) printer.line(0, comment);
  return printer.lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Comments: each is attached to a predicate, so that it moves with it.

interface Attached {
  leading: Map<Predicate, string[]>;
  trailing: Map<Predicate, string[]>;
  /** Own-line comments after the last predicate. */
  end: string[];
}

/**
 * A comment inside a predicate, or after one on the same line, trails it; a comment on its own line
 * leads the next predicate (or ends the filter). A comment keeps its place among the others.
 */
function attachComments(expr: Expr, comments: readonly Comment[], source: string): Attached {
  const attached: Attached = { leading: new Map(), trailing: new Map(), end: [] };
  if (comments.length === 0) return attached;
  const predicates = predicatesOf(expr);
  const add = (map: Map<Predicate, string[]>, predicate: Predicate, text: string) => {
    const list = map.get(predicate);
    if (list) list.push(text);
    else map.set(predicate, [text]);
  };
  // Only one comment fits at the end of a predicate's line; any more lead whatever comes next.
  const trail = (index: number, text: string) => {
    if (!attached.trailing.has(predicates[index])) add(attached.trailing, predicates[index], text);
    else if (index + 1 < predicates.length) add(attached.leading, predicates[index + 1], text);
    else attached.end.push(text);
  };
  for (const comment of comments) {
    const at = comment.span.start;
    const text = comment.text.trimEnd();
    const nextIndex = predicates.findIndex((p) => p.span.end > at);
    const next = nextIndex === -1 ? undefined : predicates[nextIndex];
    const previousIndex = nextIndex === -1 ? predicates.length - 1 : nextIndex - 1;
    if (next && next.span.start < at) trail(nextIndex, text);
    else if (previousIndex >= 0 && !/[\n\r]/.test(source.slice(predicates[previousIndex].span.end, at))) trail(previousIndex, text);
    else if (next) add(attached.leading, next, text);
    else attached.end.push(text);
  }
  return attached;
}

function predicatesOf(expr: Expr, into: Predicate[] = []): Predicate[] {
  switch (expr.kind) {
    case 'predicate':
      into.push(expr);
      break;
    case 'not':
      predicatesOf(expr.operand, into);
      break;
    default:
      for (const operand of expr.operands) predicatesOf(operand, into);
  }
  return into;
}

function firstPredicate(expr: Expr): Predicate {
  while (expr.kind !== 'predicate') expr = expr.kind === 'not' ? expr.operand : expr.operands[0];
  return expr;
}

function lastPredicate(expr: Expr): Predicate {
  while (expr.kind !== 'predicate') expr = expr.kind === 'not' ? expr.operand : expr.operands[expr.operands.length - 1];
  return expr;
}

// ---------------------------------------------------------------------------------------------
// Layout

class Printer {
  readonly lines: string[] = [];

  constructor(
    private readonly comments: Attached,
    private readonly width: number,
  ) {}

  line(depth: number, text: string): void {
    this.lines.push(INDENT.repeat(depth) + text);
  }

  /**
   * Writes `expr` from the start of a line at `depth`, after `prefix` (`AND `, `NOT `, ...), in
   * parentheses when `wrap`. It stays on one line when it fits and holds no comment that would
   * have to end a line inside it.
   */
  emit(expr: Expr, depth: number, prefix: string, wrap: boolean): void {
    const first = firstPredicate(expr);
    for (const comment of this.take(this.comments.leading, first)) this.line(depth, comment);
    const flat = wrap ? `(${print(expr, CANONICAL)})` : print(expr, CANONICAL);
    const fits = INDENT.length * depth + prefix.length + flat.length <= this.width;
    if (expr.kind === 'predicate' || (fits && !this.hasInnerComments(expr))) {
      this.endLine(depth, prefix + flat, lastPredicate(expr));
      return;
    }
    if (expr.kind === 'not') {
      const inner = expr.operand;
      this.emit(inner, depth, `${prefix}NOT `, inner.kind === 'and' || inner.kind === 'or');
      return;
    }
    if (!wrap) {
      this.body(expr, depth, prefix);
      return;
    }
    this.line(depth, `${prefix}(`);
    this.body(expr, depth + 1, '');
    this.line(depth, ')');
  }

  /**
   * A broken group: the first member on the first line, each further one on its own line after its
   * keyword. AND lines are indented under their first member and OR lines are not, so the layout
   * shows that AND binds tighter.
   */
  private body(expr: LogicalExpr, depth: number, prefix: string): void {
    const keyword = expr.kind === 'and' ? 'AND ' : 'OR ';
    const next = expr.kind === 'and' ? depth + 1 : depth;
    expr.operands.forEach((operand, i) => {
      this.emit(operand, i === 0 ? depth : next, i === 0 ? prefix : keyword, needsParens(operand, expr.kind));
    });
  }

  /** Ends a line with the comment trailing its last predicate. */
  private endLine(depth: number, text: string, last: Predicate): void {
    const [trailing] = this.take(this.comments.trailing, last);
    this.line(depth, trailing === undefined ? text : `${text}  ${trailing}`);
  }

  private take(map: Map<Predicate, string[]>, predicate: Predicate): string[] {
    const comments = map.get(predicate);
    if (!comments) return [];
    map.delete(predicate);
    return comments;
  }

  /** A comment other than before the first predicate or after the last one forces a break. */
  private hasInnerComments(expr: Expr): boolean {
    const predicates = predicatesOf(expr);
    return predicates.some((p, i) => (i > 0 && this.comments.leading.has(p)) || (i < predicates.length - 1 && this.comments.trailing.has(p)));
  }
}
