/**
 * The grammar's reference: a Chevrotain EmbeddedActionsParser of the grammar in parse.ts's comment,
 * with Chevrotain's grammar validations on and error recovery off. The grammar artefacts (grammar/)
 * are generated from it, and test/properties/parse.test.ts holds `parse` (the hand-written parser in
 * parser.ts) to the trees and first errors it gives. Not loaded by a compile.
 */
import { EmbeddedActionsParser, type IOrAlt, type IRecognitionException, type IToken, type TokenType as ChevrotainTokenType } from 'chevrotain';
import { refuseTooLarge } from '../../base/arguments.js';
import { DiagnosticBag, SourceMap } from '../../base/diagnostics.js';
import type { Expr, List, Predicate, Scalar } from '../ast.js';
import { group, negateAt, scalarOf, tokenSpan } from '../ast-parts.js';
import { checkDepth } from '../depth.js';
import { Bang, EndOfInput, lex, Or, OrOr, type Token, type TokenType } from '../lex.js';
import { parseErrorDiagnostic, type ParseError } from '../parse-errors.js';
import { DEFAULT_MAX_DEPTH, parse, type ParseOptions, type ParseResult } from '../parse.js';
import { referenceTokens, referenceType, referenceTypes } from './tokens.js';

/** Tokens the parser may look ahead (the trailing comma of a list needs two). */
export const MAX_LOOKAHEAD = 2;

/** A runtime token in Chevrotain's form, keeping the token it stands for. */
interface ReferenceToken extends IToken {
  own: Token;
}

const ownOf = (token: IToken): Token => (token as ReferenceToken).own;
const typeOf = (token: IToken): TokenType => ownOf(token).tokenType;
const named = (name: string): ChevrotainTokenType => referenceTypes.get(name)!;
const [Connective, NotOperator, Value, Identifier, SymbolOperator, LParen, RParen, LBracket, RBracket, Comma] = [
  'Connective',
  'NotOperator',
  'Value',
  'Identifier',
  'SymbolOperator',
  'LParen',
  'RParen',
  'LBracket',
  'RBracket',
  'Comma',
].map(named);

/**
 * Rule bodies run twice over: once while Chevrotain records the grammar (tokens and subrule results
 * are placeholders then, so work on them sits in ACTION) and then on every parse.
 */
class ReferenceParser extends EmbeddedActionsParser {
  /** String escape problems of the current parse, reported only if the whole parse succeeds. */
  escapes = new DiagnosticBag(new SourceMap(''));

  constructor() {
    super(referenceTokens, { maxLookahead: MAX_LOOKAHEAD, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  /** `(a, b,)` or `[a, b,]` inside the predicate rule; `n` keeps Chevrotain's occurrence indices apart. */
  private list(open: ChevrotainTokenType, close: ChevrotainTokenType, n: 1 | 2): List {
    const openToken = this.consume(n, open, { LABEL: 'open' });
    const items: IToken[] = [];
    this.option(2 * n, () => {
      items.push(this.consume(2 * n, Value, { LABEL: 'item' }));
      this.many(n, () => {
        this.consume(n, Comma);
        items.push(this.consume(2 * n + 1, Value, { LABEL: 'item' }));
      });
      this.option(2 * n + 1, () => this.consume(n + 2, Comma));
    });
    const closeToken = this.consume(n, close, { LABEL: 'close' });
    return this.ACTION(() => ({
      kind: 'list' as const,
      items: items.map((item) => scalarOf(typeOf(item), item.image, item.startOffset, this.escapes)),
      bracket: open === LParen ? ('(' as const) : ('[' as const),
      span: { start: openToken.startOffset, end: tokenSpan(ownOf(closeToken)).end },
    }));
  }

  /** A flat run `u0 c1 u1 c2 u2 ...` grouped by precedence: AND runs first, then OR between them. */
  expr = this.RULE('expr', (): Expr => {
    let run: Expr[] = [this.SUBRULE(this.unary)];
    let alternatives: Expr[] | undefined;
    this.MANY(() => {
      const connective = this.CONSUME(Connective);
      const next = this.SUBRULE2(this.unary);
      this.ACTION(() => {
        const type = typeOf(connective);
        if (type === Or || type === OrOr) {
          (alternatives ??= []).push(group('and', run));
          run = [];
        }
        run.push(next);
      });
    });
    return this.ACTION(() => {
      if (!alternatives) return group('and', run);
      alternatives.push(group('and', run));
      return group('or', alternatives);
    });
  });

  unary = this.RULE('unary', (): Expr => {
    const nots: IToken[] = [];
    this.MANY(() => nots.push(this.CONSUME(NotOperator)));
    const operand = this.OR(this.unaryOperand);
    return this.ACTION(() =>
      nots.length === 0
        ? operand
        : negateAt(
            operand,
            nots.map((not) => not.startOffset),
          ),
    );
  });

  private readonly unaryOperand: IOrAlt<Expr>[] = [
    {
      ALT: () => {
        this.CONSUME(LParen);
        const inner = this.SUBRULE(this.expr);
        this.CONSUME(RParen);
        return inner;
      },
    },
    { ALT: () => this.SUBRULE(this.predicate) },
  ];

  predicate = this.RULE('predicate', (): Predicate => {
    const field = this.CONSUME(Identifier, { LABEL: 'field' });
    this.negation = undefined;
    const word = this.OR(this.operator);
    const negation = this.negation as IToken | undefined; // set by the operator alternative OR just ran
    const operand: Scalar | List = this.OR2(this.listOrValue);
    return this.ACTION(() => {
      const fieldSpan = tokenSpan(ownOf(field));
      const wordSpan = tokenSpan(ownOf(word));
      const operator = negation
        ? { spelling: typeOf(negation) === Bang ? `!${word.image}` : `not ${word.image}`, span: { start: negation.startOffset, end: wordSpan.end } }
        : { spelling: word.image, span: wordSpan };
      return {
        kind: 'predicate',
        field: { name: field.image, span: fieldSpan },
        operator,
        operand,
        span: { start: fieldSpan.start, end: operand.span.end },
      };
    });
  });

  /** The `!` or NOT of the predicate being parsed, set by its operator alternatives. */
  private negation: IToken | undefined;

  /** The predicate's operator: a symbol, `!` or NOT and a word, or a word. */
  private readonly operator: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(SymbolOperator, { LABEL: 'operator' }) },
    {
      ALT: () => {
        this.negation = this.CONSUME(NotOperator, { LABEL: 'negation' });
        return this.CONSUME2(Identifier, { LABEL: 'operator' });
      },
    },
    { ALT: () => this.CONSUME3(Identifier, { LABEL: 'operator' }) },
  ];

  /** The predicate's operand: a list in either bracket, or a value. */
  private readonly listOrValue: IOrAlt<Scalar | List>[] = [
    { ALT: () => this.list(LParen, RParen, 1) },
    { ALT: () => this.list(LBracket, RBracket, 2) },
    {
      ALT: () => {
        const value = this.CONSUME(Value);
        return this.ACTION(() => scalarOf(typeOf(value), value.image, value.startOffset, this.escapes));
      },
    },
  ];
}

let reference: ReferenceParser | undefined;

/** The reference parser, with Chevrotain's grammar validations on. */
export function createValidatingParser(): ReferenceParser {
  return new ReferenceParser();
}

export type { ReferenceParser };

const ERROR_KINDS: Record<string, ParseError['kind']> = {
  NotAllInputParsedException: 'trailing',
  MismatchedTokenException: 'mismatched',
  NoViableAltException: 'noAlternative',
};

/**
 * `parse` by the reference parser: the same lexing, empty-filter and depth checks, then Chevrotain's
 * parser on the tokens, its first error worded by the same parse-errors.ts.
 */
export function chevrotainParse(text: string, options: ParseOptions = {}): ParseResult {
  const bag = new DiagnosticBag(new SourceMap(text));
  if (typeof text !== 'string' || refuseTooLarge(text, 'filter', bag)) return parse(text, options);
  const lexed = lex(text);
  if (lexed.errors.length > 0 || lexed.tokens.length === 0) return parse(text, options);
  const comments = lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (lexed.tokens.length > maxDepth && !checkDepth(lexed.tokens, maxDepth, bag)) return { ast: undefined, comments, diagnostics: bag.items };

  const parser = (reference ??= new ReferenceParser());
  const escapes = new DiagnosticBag(bag.source);
  parser.escapes = escapes;
  parser.input = lexed.tokens.map((own): ReferenceToken => {
    const type = referenceType(own.tokenType);
    return { image: own.image, startOffset: own.startOffset, tokenType: type, tokenTypeIdx: type.tokenTypeIdx!, own };
  });
  const ast = parser.expr();
  const errors = parser.errors;
  if (errors.length > 0) {
    const error = errors[0] as IRecognitionException;
    const kind = ERROR_KINDS[error.name];
    if (kind === undefined) throw new Error(`the reference parser raised ${error.name}`);
    const token = (error.token as Partial<ReferenceToken>).own ?? { image: '', startOffset: -1, tokenType: EndOfInput };
    const rule = error.context.ruleStack[error.context.ruleStack.length - 1] as ParseError['rule'];
    bag.add(parseErrorDiagnostic({ kind, rule, token }, lexed.tokens, bag.source!));
    return { ast: undefined, comments, diagnostics: bag.items };
  }
  for (const diagnostic of escapes.items) bag.add(diagnostic);
  return { ast, comments, diagnostics: bag.items };
}
