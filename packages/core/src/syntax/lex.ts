/** Tokens and the lexer. One lexer, built once on first use and reused. */
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

/**
 * A bare word holds no whitespace and none of ( ) [ ] , " ' # (language.md), nor < > ! | so that
 * `BotScore<30` and `X!=1` split at the operator; it may not start with = or & either.
 */
const WORD_CHARS = String.raw`[^\s()\[\],"'#<>!|]`;
const NOT_WORD_START = `()[],"'#!=<>&|`;

/**
 * Chevrotain cannot derive first characters from a complement set, so they are listed: every
 * Latin-1 start character, and one character of each 255-wide bucket Chevrotain maps the rest to.
 */
function wordStartChars(): string[] {
  const chars: string[] = [];
  for (let code = 0; code < 256; code++) {
    const char = String.fromCharCode(code);
    if (!NOT_WORD_START.includes(char) && !/\s/.test(char)) chars.push(char);
  }
  for (let code = 256; code <= 0xffff; code += 255) chars.push(String.fromCharCode(code));
  chars.push('\uffff');
  return chars;
}

// Categories let one CONSUME match any of their members (fewer alternatives, fewer rules).
export const Connective = createToken({ name: 'Connective', pattern: Lexer.NA, label: "'AND' or 'OR'" });
export const NotOperator = createToken({ name: 'NotOperator', pattern: Lexer.NA, label: "'NOT'" });
export const Value = createToken({ name: 'Value', pattern: Lexer.NA, label: 'a value' });

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });
export const Comment = createToken({ name: 'Comment', pattern: /#[^\n\r]*/, group: 'comments' });
export const LParen = createToken({ name: 'LParen', pattern: '(', label: "'('" });
export const RParen = createToken({ name: 'RParen', pattern: ')', label: "')'" });
export const LBracket = createToken({ name: 'LBracket', pattern: '[', label: "'['" });
export const RBracket = createToken({ name: 'RBracket', pattern: ']', label: "']'" });
export const Comma = createToken({ name: 'Comma', pattern: ',', label: "','" });
export const DoubleQuoted = createToken({ name: 'DoubleQuoted', pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/, label: 'a string', categories: [Value] });
export const SingleQuoted = createToken({ name: 'SingleQuoted', pattern: /'(?:[^'\\\n\r]|\\[^\n\r])*'/, label: 'a string', categories: [Value] });
export const AndAnd = createToken({ name: 'AndAnd', pattern: '&&', label: "'&&'", categories: [Connective] });
export const OrOr = createToken({ name: 'OrOr', pattern: '||', label: "'||'", categories: [Connective] });
/** Comparison symbols: `==` `!=` `<=` `>=` `<` `>` `=`, longest first; `<>` is one token so that its error can say `!=`. */
export const SymbolOperator = createToken({ name: 'SymbolOperator', pattern: /==|!=|<>|<=|>=|<|>|=/, label: 'an operator' });
export const Bang = createToken({ name: 'Bang', pattern: '!', label: "'!'", categories: [NotOperator] });
export const Word = createToken({
  name: 'Word',
  pattern: new RegExp(`[^\\s()\\[\\],"'#!=<>&|]${WORD_CHARS}*`),
  label: 'a value',
  start_chars_hint: wordStartChars(),
  categories: [Value],
});

// Not matched by the lexer: words are given these types after lexing (see `classify`).
export const And = createToken({ name: 'And', pattern: Lexer.NA, label: "'AND'", categories: [Connective] });
export const Or = createToken({ name: 'Or', pattern: Lexer.NA, label: "'OR'", categories: [Connective] });
export const Not = createToken({ name: 'Not', pattern: Lexer.NA, label: "'NOT'", categories: [NotOperator] });
export const Identifier = createToken({ name: 'Identifier', pattern: Lexer.NA, label: 'a field name', categories: [Value] });

export const lexedTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  DoubleQuoted,
  SingleQuoted,
  AndAnd,
  OrOr,
  SymbolOperator,
  Bang,
  Word,
];
export const allTokens: TokenType[] = [...lexedTokens, And, Or, Not, Identifier, Connective, NotOperator, Value];

let lexer: Lexer | undefined;

function getLexer(): Lexer {
  return (lexer ??= new Lexer(lexedTokens, {
    ensureOptimizations: true,
    positionTracking: 'onlyOffset',
    skipValidations: true,
  }));
}

export interface LexResult {
  tokens: IToken[];
  comments: IToken[];
  /** Characters no token starts with, as offsets and lengths. */
  errors: Array<{ offset: number; length: number }>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Splits text into tokens; keyword and identifier words get their own token types. */
export function lex(text: string): LexResult {
  // The library never throws on user input: anything but text is one error at offset 0.
  if (typeof text !== 'string') return { tokens: [], comments: [], errors: [{ offset: 0, length: 0 }] };
  const result = getLexer().tokenize(text);
  for (const token of result.tokens) {
    if (token.tokenType === Word) classify(token);
  }
  return {
    tokens: result.tokens,
    comments: result.groups.comments ?? [],
    errors: result.errors.length === 0 ? [] : result.errors.map((error) => ({ offset: error.offset, length: error.length })),
  };
}

function classify(token: IToken): void {
  const image = token.image;
  let type: TokenType | undefined;
  if (image.length <= 3) {
    const lower = image.toLowerCase();
    type = lower === 'and' ? And : lower === 'or' ? Or : lower === 'not' ? Not : undefined;
  }
  if (!type && IDENTIFIER.test(image)) type = Identifier;
  if (type) {
    token.tokenType = type;
    token.tokenTypeIdx = type.tokenTypeIdx!;
  }
}

/** The validations Chevrotain skips in production, for the tests. */
export function createValidatingLexer(): Lexer {
  return new Lexer(lexedTokens, { ensureOptimizations: true, positionTracking: 'onlyOffset' });
}
