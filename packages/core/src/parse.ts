/**
 * The parser: tokens -> CST (Chevrotain CstParser) -> AST with source spans.
 *
 *   filter     = orExpr EOF
 *   orExpr     = andExpr { ( "OR" | "||" ) andExpr }
 *   andExpr    = unary { ( "AND" | "&&" ) unary }
 *   unary      = { "NOT" | "!" } ( "(" orExpr ")" | predicate )
 *   predicate  = field operator ( list | value )
 *   operator   = symbol | ( "!" | "NOT" ) word | word
 *   list       = "(" [ items ] ")" | "[" [ items ] "]"
 *   items      = value { "," value } [ "," ]
 *   value      = string | bareword
 *
 * (language.md writes `notExpr = NOT notExpr | primary`; a loop of NOTs means the same and parses
 * with less recursion.)
 * Keywords are case-insensitive; numbers and booleans are bare words told apart by the parser and
 * read by the field's type in the checker.
 */
import { CstParser, type IRecognitionException } from 'chevrotain';
import type { Comment, Expr } from './ast.js';
import { buildAst, tokenSpan } from './cst-to-ast.js';
import { checkDepth } from './depth.js';
import { DiagnosticBag, SourceMap, type Diagnostic } from './diagnostics.js';
import {
  allTokens, AndOperator, Comma, Identifier, LBracket, lex, LParen, NotOperator, OrOperator, RBracket, RParen,
  SymbolOperator, Value,
} from './lex.js';
import { parseErrorDiagnostic } from './parse-errors.js';

export const DEFAULT_MAX_DEPTH = 100;

class FilterParser extends CstParser {
  constructor(validate: boolean) {
    super(allTokens, { maxLookahead: 2, skipValidations: !validate, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  // Few rules on purpose: each rule invocation builds a CST node, the main cost of parsing.
  orExpr = this.RULE('orExpr', () => {
    this.SUBRULE(this.andExpr);
    this.MANY(() => {
      this.CONSUME(OrOperator);
      this.SUBRULE2(this.andExpr);
    });
  });

  andExpr = this.RULE('andExpr', () => {
    this.SUBRULE(this.unary);
    this.MANY(() => {
      this.CONSUME(AndOperator);
      this.SUBRULE2(this.unary);
    });
  });

  unary = this.RULE('unary', () => {
    this.MANY(() => this.CONSUME(NotOperator));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.SUBRULE(this.orExpr);
          this.CONSUME(RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.predicate) },
    ]);
  });

  predicate = this.RULE('predicate', () => {
    this.CONSUME(Identifier, { LABEL: 'field' });
    this.SUBRULE(this.operator);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen, { LABEL: 'open' });
          this.SUBRULE(this.items);
          this.CONSUME(RParen, { LABEL: 'close' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(LBracket, { LABEL: 'open' });
          this.SUBRULE2(this.items);
          this.CONSUME(RBracket, { LABEL: 'close' });
        },
      },
      { ALT: () => this.CONSUME(Value) },
    ]);
  });

  operator = this.RULE('operator', () => {
    this.OR([
      { ALT: () => this.CONSUME(SymbolOperator) },
      {
        ALT: () => {
          this.CONSUME(NotOperator);
          this.CONSUME(Identifier, { LABEL: 'negated' });
        },
      },
      { ALT: () => this.CONSUME2(Identifier) },
    ]);
  });

  items = this.RULE('items', () => {
    this.OPTION(() => {
      this.CONSUME(Value);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME2(Value);
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
  });
}

let productionParser: FilterParser | undefined;

function getParser(): FilterParser {
  return (productionParser ??= new FilterParser(false));
}

/** A parser with Chevrotain's grammar validations on, for tests and for the grammar artefacts. */
export function createValidatingParser(): FilterParser {
  return new FilterParser(true);
}

export type { FilterParser };

export interface ParseOptions {
  /** Deepest nesting of parentheses and NOTs accepted (default 100). */
  maxDepth?: number;
}

export interface ParseResult {
  ast: Expr | undefined;
  comments: Comment[];
  diagnostics: Diagnostic[];
}

/** Parses filter text into an AST. Never throws on user input: problems come back as diagnostics. */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  const bag = new DiagnosticBag(new SourceMap(text));
  const { ast, comments } = parseInto(text, bag, options);
  return { ast, comments, diagnostics: bag.items };
}

export function parseInto(text: string, bag: DiagnosticBag, options: ParseOptions = {}): Omit<ParseResult, 'diagnostics'> {
  const lexed = lex(text);
  const comments = lexed.comments.length === 0 ? [] : lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  if (lexed.errors.length > 0) {
    for (const error of lexed.errors) reportLexError(text, error, bag);
    return { ast: undefined, comments };
  }
  const tokens = lexed.tokens;
  if (tokens.length === 0) {
    const at = text.length === 0 ? 0 : text.length;
    bag.error(
      'empty-filter',
      { start: at, end: at },
      'the filter is empty',
      'write at least one predicate such as `ClientCountry eq us`; a job with no filter delivers every line, so leave the filter out for that',
    );
    return { ast: undefined, comments };
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Fewer tokens than levels cannot nest too deep.
  if (tokens.length > maxDepth && !checkDepth(tokens, maxDepth, bag)) return { ast: undefined, comments };

  const parser = getParser();
  parser.input = tokens;
  const cst = parser.orExpr();
  if (parser.errors.length > 0) {
    bag.add(parseErrorDiagnostic(parser.errors[0] as IRecognitionException, tokens, bag.source));
    return { ast: undefined, comments };
  }
  const ast = buildAst(cst, bag);
  return { ast, comments };
}

function reportLexError(text: string, error: { offset: number; length: number }, bag: DiagnosticBag): void {
  const char = text[error.offset];
  if (char === '"' || char === "'") {
    let end = error.offset + 1;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    bag.error('unterminated-string', { start: error.offset, end }, 'this string is not closed', `add the closing ${char} before the end of the line`);
    return;
  }
  const span = { start: error.offset, end: error.offset + error.length };
  const shown = text.slice(span.start, Math.min(span.end, span.start + 20));
  const hint =
    char === '&' ? "write AND (or '&&') to join predicates"
    : char === '|' ? "write OR (or '||') to join predicates"
    : 'put the value in quotes if it holds this character';
  bag.error('unexpected-character', span, `unexpected character${error.length > 1 ? 's' : ''} '${shown}'`, hint);
}

export { classifyWord, tokenSpan } from './cst-to-ast.js';
