/**
 * The parse phase: filter text to an AST with source spans and comments, or diagnostics.
 *
 *   filter     = expr EOF
 *   expr       = unary { connective unary }
 *   connective = "AND" | "&&" | "OR" | "||"
 *   unary      = { "NOT" | "!" } ( "(" expr ")" | predicate )
 *   predicate  = field operator ( list | value )
 *   operator   = symbol | ( "!" | "NOT" ) word | word
 *   list       = "(" [ items ] ")" | "[" [ items ] "]"
 *   items      = value { "," value } [ "," ]
 *   value      = string | bareword
 *
 * language.md writes `orExpr = andExpr { OR andExpr }`, `andExpr = notExpr { AND notExpr }` and
 * `notExpr = NOT notExpr | primary`. The parser (parser.ts) reads a flat run of unaries and
 * connectives and groups it by precedence (AND before OR); a loop of NOTs stands for the recursion.
 * Keywords are case-insensitive; numbers and booleans are bare words told apart by the parser and
 * read by the field's type in the checker. The grammar's reference is Chevrotain's parser in
 * reference/parser.ts: the generated grammar artefacts come from it, and the tests hold this parse
 * to it.
 */
import { filterMessage } from '../base/filter-messages.js';
import { maxDepthOf, notTextBag, optionsOf, refuseTooLarge } from '../base/arguments.js';
import { DEPTH_LIMITS } from '../base/limits.js';
import type { Comment, Expr } from './ast.js';
import { tokenSpan } from './ast-parts.js';
import { checkDepth } from './depth.js';
import { DiagnosticBag, SourceMap, type Diagnostic } from '../base/diagnostics.js';
import { EndOfInput, lex, type Token } from './lex.js';
import { parseErrorDiagnostic } from './parse-errors.js';
import { readTree, type Fault } from './parser.js';

export const DEFAULT_MAX_DEPTH = DEPTH_LIMITS.default;

export interface ParseOptions {
  /** Deepest nesting of parentheses and NOTs accepted: default 100, at most 1000 (`DEPTH_LIMITS`). */
  maxDepth?: number;
}

export interface ParseResult {
  ast: Expr | undefined;
  comments: Comment[];
  diagnostics: Diagnostic[];
}

/** Parses filter text into an AST. Never throws on user input: problems come back as diagnostics. */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  const notText = notTextBag(text);
  if (notText) return { ast: undefined, comments: [], diagnostics: notText.items };
  const bag = new DiagnosticBag(new SourceMap(text));
  const { ast, comments } = parseInto(text, bag, optionsOf(options));
  return { ast, comments, diagnostics: bag.items };
}

/**
 * What `parseInto` gives: the parse, and for a text that parses, whether its values are written into
 * JSON as they are (`Scanner.plain`: compile passes it on to the output).
 */
export interface ParsedText extends Omit<ParseResult, 'diagnostics'> {
  plain?: boolean;
}

export function parseInto(text: string, bag: DiagnosticBag, options: ParseOptions = {}): ParsedText {
  const maxDepth = maxDepthOf(options, bag);
  if (maxDepth === undefined || refuseTooLarge(text, 'filter', bag)) return { ast: undefined, comments: [] };
  const escapes = new DiagnosticBag(bag.source);
  const read = readTree(text, maxDepth, escapes);
  if ('ast' in read) {
    for (const diagnostic of escapes.items) bag.add(diagnostic);
    return read;
  }
  // The text does not parse: its tokens show what went wrong, checked in the reference parser's order.
  const lexed = lex(text);
  const comments = lexed.comments.length === 0 ? [] : lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  if (lexed.errors.length > 0) {
    let lineEnd = -1;
    for (const error of lexed.errors) lineEnd = reportLexError(text, error, bag, lineEnd);
    return { ast: undefined, comments };
  }
  const tokens = lexed.tokens;
  if (tokens.length === 0) {
    bag.report('error', filterMessage('empty-filter', 'empty', {}), { start: text.length, end: text.length });
    return { ast: undefined, comments };
  }
  // Fewer tokens than levels cannot nest too deep.
  if (tokens.length > maxDepth && !checkDepth(tokens, maxDepth, bag)) return { ast: undefined, comments };
  reportFault(read.fault, tokens, bag, maxDepth);
  return { ast: undefined, comments };
}

/** The diagnostic of the parser's first fault, at its token. */
function reportFault(fault: Fault, tokens: Token[], bag: DiagnosticBag, maxDepth: number): void {
  const token = fault.offset === -1 ? { image: '', startOffset: -1, tokenType: EndOfInput } : tokens.find((t) => t.startOffset === fault.offset);
  if (token === undefined || fault.kind === 'unlexed') throw new Error(`the parser stopped at offset ${fault.offset}, where the lexer found no token`);
  if (fault.kind === 'tooDeep') {
    // checkDepth counts as the parser does and reports first; this is the same limit at the same token.
    bag.report('error', filterMessage('nesting-too-deep', 'tooDeep', { maxDepth }), tokenSpan(token));
    return;
  }
  bag.add(parseErrorDiagnostic({ kind: fault.kind, rule: fault.rule, token }, tokens, bag.source!));
}

/**
 * Reports one lexer error. Returns the end of the line an unclosed string ran to (else `lineEnd`):
 * a later unclosed string before it ends there too, so a line of them is not scanned once each.
 */
function reportLexError(text: string, error: { offset: number; length: number }, bag: DiagnosticBag, lineEnd: number): number {
  const char = text[error.offset];
  if (char === '"' || char === "'") {
    let end = error.offset + 1;
    if (end < lineEnd) end = lineEnd;
    else while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    bag.report(
      'error',
      filterMessage('unterminated-string', 'notClosed', { char }),
      { start: error.offset, end },
      {
        title: `Close the string with ${char}`,
        edits: [{ span: { start: end, end }, newText: char }],
      },
    );
    return end;
  }
  const span = { start: error.offset, end: error.offset + error.length };
  const shown = text.slice(span.start, Math.min(span.end, span.start + 20));
  bag.report('error', filterMessage('unexpected-character', 'unexpected', { shown, several: error.length > 1 }), span);
  return lineEnd;
}

export { classifyWord } from './ast-parts.js';
