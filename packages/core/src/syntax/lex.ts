/** Tokens and the lexer: Chevrotain token types (their patterns are the reference) and a hand-written scanner. */
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

/**
 * A bare word holds no whitespace and none of ( ) [ ] , " ' # (language.md), nor < > ! | so that
 * `BotScore<30` and `X!=1` split at the operator; it may not start with = or & either.
 */
const WORD_CHARS = String.raw`[^\s()\[\],"'#<>!|]`;
const NOT_WORD_PART = `()[],"'#<>!|`;
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

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });
const Comment = createToken({ name: 'Comment', pattern: /#[^\n\r]*/, group: 'comments' });
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

const lexedTokens: TokenType[] = [
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

export interface LexResult {
  tokens: IToken[];
  comments: IToken[];
  /** Characters no token starts with, as offsets and lengths. */
  errors: Array<{ offset: number; length: number }>;
}

/**
 * Splits text into tokens; keyword and identifier words get their own token types.
 *
 * A hand-written scanner, about twice as fast as Chevrotain's lexer over `lexedTokens`, whose tokens,
 * comments and errors it reproduces exactly (test/properties/lex.test.ts compares the two): at each
 * offset the first pattern of `lexedTokens` that matches wins, and a run of characters where none
 * matches is one error.
 */
export function lex(text: string): LexResult {
  // The library never throws on user input: anything but text is one error at offset 0.
  if (typeof text !== 'string') return { tokens: [], comments: [], errors: [{ offset: 0, length: 0 }] };
  const tokens: IToken[] = [];
  const comments: IToken[] = [];
  const errors: LexResult['errors'] = [];
  const strings = new Strings(text);
  const length = text.length;
  let offset = 0;
  while (offset < length) {
    const code = text.charCodeAt(offset);
    let end = offset + 1;
    let type: TokenType;
    switch (code) {
      case 0x09:
      case 0x0a:
      case 0x0b:
      case 0x0c:
      case 0x0d:
      case 0x20:
        offset = spacesEnd(text, end);
        continue;
      case 0x23: // #
        end = lineEnd(text, end);
        comments.push(token(text, offset, end, Comment));
        offset = end;
        continue;
      case 0x28: // (
        type = LParen;
        break;
      case 0x29: // )
        type = RParen;
        break;
      case 0x5b: // [
        type = LBracket;
        break;
      case 0x5d: // ]
        type = RBracket;
        break;
      case 0x2c: // ,
        type = Comma;
        break;
      case 0x22: // "
        end = strings.end(offset, code);
        type = DoubleQuoted;
        break;
      case 0x27: // '
        end = strings.end(offset, code);
        type = SingleQuoted;
        break;
      case 0x26: // &
        end = text.charCodeAt(end) === 0x26 ? end + 1 : -1;
        type = AndAnd;
        break;
      case 0x7c: // |
        end = text.charCodeAt(end) === 0x7c ? end + 1 : -1;
        type = OrOr;
        break;
      case 0x3d: // = or ==
      case 0x3e: // > or >=
        if (text.charCodeAt(end) === 0x3d) end++;
        type = SymbolOperator;
        break;
      case 0x3c: {
        // < or <= or <>
        const next = text.charCodeAt(end);
        if (next === 0x3d || next === 0x3e) end++;
        type = SymbolOperator;
        break;
      }
      case 0x21: // ! or !=
        if (text.charCodeAt(end) === 0x3d) {
          end++;
          type = SymbolOperator;
        } else {
          type = Bang;
        }
        break;
      default:
        if (code === 0xa0 || (code > 0xff && isWideSpace(code))) {
          offset = spacesEnd(text, end);
          continue;
        }
        // Every other character starts a word.
        offset = scanWord(text, offset, tokens);
        continue;
    }
    if (end === -1) {
      const start = offset;
      do offset++;
      while (offset < length && !startsToken(text, offset, strings));
      errors.push({ offset: start, length: offset - start });
      continue;
    }
    tokens.push(token(text, offset, end, type));
    offset = end;
  }
  return { tokens, comments, errors };
}

/** The shape and field order of Chevrotain's tokens under `positionTracking: 'onlyOffset'`. */
function token(text: string, start: number, end: number, type: TokenType): IToken {
  return { image: text.slice(start, end), startOffset: start, tokenTypeIdx: type.tokenTypeIdx!, tokenType: type };
}

// Latin-1 character classes for the scanner, from the same sets as the Word pattern.
const SPACE = 1;
const WORD_PART = 2;
const IDENTIFIER_START = 4;
const IDENTIFIER_PART = 8;
const CHAR_CLASSES = new Uint8Array(256);
for (let code = 0; code < 256; code++) {
  const char = String.fromCharCode(code);
  if (/\s/.test(char)) CHAR_CLASSES[code] = SPACE;
  else if (!NOT_WORD_PART.includes(char)) CHAR_CLASSES[code] = WORD_PART;
  if (/[A-Za-z_]/.test(char)) CHAR_CLASSES[code] |= IDENTIFIER_START;
  if (/\w/.test(char)) CHAR_CLASSES[code] |= IDENTIFIER_PART;
}

/** What `\s` matches beyond Latin-1. */
function isWideSpace(code: number): boolean {
  return (
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x1680 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isSpace(code: number): boolean {
  return code < 256 ? (CHAR_CLASSES[code] & SPACE) !== 0 : isWideSpace(code);
}

function spacesEnd(text: string, offset: number): number {
  while (offset < text.length && isSpace(text.charCodeAt(offset))) offset++;
  return offset;
}

function lineEnd(text: string, offset: number): number {
  for (; offset < text.length; offset++) {
    const code = text.charCodeAt(offset);
    if (code === 0x0a || code === 0x0d) break;
  }
  return offset;
}

/**
 * Where the string at a quote ends (-1 when it is not closed on its line, backslash escaping any
 * character but a line break). A scan that finds no closing quote passes every later quote of its
 * kind before the place it stopped as an escaped one, and goes on from there exactly as a scan from
 * that quote would: those quotes are answered without scanning again, so a line of unclosed quotes
 * lexes in linear time.
 */
class Strings {
  /** Per quote character: quotes of that kind before this offset are known not to close. */
  private readonly unclosedBefore = new Map<number, number>();

  constructor(private readonly text: string) {}

  end(start: number, quote: number): number {
    if (start < (this.unclosedBefore.get(quote) ?? 0)) return -1;
    const text = this.text;
    let offset = start + 1;
    while (offset < text.length) {
      const code = text.charCodeAt(offset);
      if (code === quote) return offset + 1;
      if (code === 0x0a || code === 0x0d) break;
      if (code === 0x5c) {
        // A backslash ending the text leaves the loop with nothing closed.
        const next = text.charCodeAt(offset + 1);
        if (next === 0x0a || next === 0x0d) break;
        offset += 2;
      } else {
        offset++;
      }
    }
    this.unclosedBefore.set(quote, offset);
    return -1;
  }
}

/** Whether some token matches at `offset`: only a lone & or |, or a quote not closed on its line, starts none. */
function startsToken(text: string, offset: number, strings: Strings): boolean {
  const code = text.charCodeAt(offset);
  if (code === 0x26 || code === 0x7c) return text.charCodeAt(offset + 1) === code;
  if (code === 0x22 || code === 0x27) return strings.end(offset, code) !== -1;
  return true;
}

/** Scans the word at `start` (its first character already known to start one), classifies it and returns its end. */
function scanWord(text: string, start: number, tokens: IToken[]): number {
  const first = text.charCodeAt(start);
  let identifier = first < 256 && (CHAR_CLASSES[first] & IDENTIFIER_START) !== 0;
  let end = start + 1;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (code < 256) {
      const classes = CHAR_CLASSES[code];
      if ((classes & WORD_PART) === 0) break;
      if ((classes & IDENTIFIER_PART) === 0) identifier = false;
    } else if (isWideSpace(code)) {
      break;
    } else {
      identifier = false;
    }
  }
  tokens.push(token(text, start, end, identifier ? keywordOrIdentifier(text, start, end - start) : Word));
  return end;
}

/**
 * AND, OR and NOT in any case, else Identifier. Only ASCII letters lower-case to these letters, so
 * a word that is not an identifier is never a keyword.
 */
function keywordOrIdentifier(text: string, start: number, length: number): TokenType {
  if (length === 2) {
    if ((text.charCodeAt(start) | 0x20) === 0x6f && (text.charCodeAt(start + 1) | 0x20) === 0x72) return Or;
  } else if (length === 3) {
    const a = text.charCodeAt(start) | 0x20;
    const b = text.charCodeAt(start + 1) | 0x20;
    const c = text.charCodeAt(start + 2) | 0x20;
    if (a === 0x61 && b === 0x6e && c === 0x64) return And;
    if (a === 0x6e && b === 0x6f && c === 0x74) return Not;
  }
  return Identifier;
}

/** The validations Chevrotain skips in production, for the tests. */
export function createValidatingLexer(): Lexer {
  return new Lexer(lexedTokens, { ensureOptimizations: true, positionTracking: 'onlyOffset' });
}
