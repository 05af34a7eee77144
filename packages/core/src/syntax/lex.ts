/**
 * Tokens and the lexer: the token types and a hand-written scanner. The lexical grammar's reference is
 * Chevrotain's lexer over patterns in reference/tokens.ts; test/properties/lex.test.ts holds this
 * scanner to it.
 */

/** A kind of token, told apart by identity; its name is the one the reference grammar gives it. */
export interface TokenType {
  readonly name: string;
}

/** One token: its text, where it starts, and its type. */
export interface Token {
  image: string;
  startOffset: number;
  tokenType: TokenType;
}

/**
 * A bare word holds no whitespace and none of ( ) [ ] , " ' # (language.md), nor < > ! | so that
 * `BotScore<30` and `X!=1` split at the operator; it may not start with = or & either.
 */
export const NOT_WORD_PART = `()[],"'#<>!|`;
export const NOT_WORD_START = `()[],"'#!=<>&|`;

const tokenType = (name: string): TokenType => ({ name });

// Categories: the reference parser matches any of their members with one CONSUME. These and
// WhiteSpace are only in `lexedTokens` and `allTokens`, which the reference and the grammar tooling
// read: made by calls marked pure, they are left out of a bundle that never reads them (a browser's).
const Connective = /* @__PURE__ */ tokenType('Connective');
const NotOperator = /* @__PURE__ */ tokenType('NotOperator');
const Value = /* @__PURE__ */ tokenType('Value');

const WhiteSpace = /* @__PURE__ */ tokenType('WhiteSpace');
export const Comment = tokenType('Comment');
export const LParen = tokenType('LParen');
export const RParen = tokenType('RParen');
export const LBracket = tokenType('LBracket');
export const RBracket = tokenType('RBracket');
export const Comma = tokenType('Comma');
export const DoubleQuoted = tokenType('DoubleQuoted');
export const SingleQuoted = tokenType('SingleQuoted');
export const AndAnd = tokenType('AndAnd');
export const OrOr = tokenType('OrOr');
/** Comparison symbols: `==` `!=` `<=` `>=` `<` `>` `=`; `<>` is one token so that its error can say `!=`. */
export const SymbolOperator = tokenType('SymbolOperator');
export const Bang = tokenType('Bang');
export const Word = tokenType('Word');

// Not matched by the lexer: words are given these types as they are scanned (see `keywordOrIdentifier`).
export const And = tokenType('And');
export const Or = tokenType('Or');
export const Not = tokenType('Not');
export const Identifier = tokenType('Identifier');

/** Where the input ends: the token a syntax error names when the filter stops too soon. */
export const EndOfInput = tokenType('EOF');

/** The types the lexer matches, in the order their patterns are tried. */
export const lexedTokens: readonly TokenType[] = [
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
export const allTokens: readonly TokenType[] = /* @__PURE__ */ lexedTokens.concat([And, Or, Not, Identifier, Connective, NotOperator, Value]);

export interface LexResult {
  tokens: Token[];
  comments: Token[];
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
  const tokens: Token[] = [];
  const comments: Token[] = [];
  const errors: LexResult['errors'] = [];
  const scanner = new Scanner(text);
  for (let type = scanner.next(); type !== undefined; type = scanner.next()) {
    if (type === null) errors.push(scanner.skipError());
    else if (type === Comment) comments.push(token(text, scanner.start, scanner.end, type));
    else tokens.push(token(text, scanner.start, scanner.end, type));
  }
  return { tokens, comments, errors };
}

/**
 * The scanner under `lex`, one token at a time and without token objects: `next()` gives the next
 * token's type (comments included) and leaves its offsets in `start` and `end`. The parser
 * (parser.ts) reads the text through it, slicing only the text its tree keeps.
 */
export class Scanner {
  /** Where the token `next()` last returned starts, and the first offset after it. */
  start = 0;
  end = 0;
  private offset = 0;
  private readonly strings: Strings;
  /**
   * Whether no word scanned so far holds a character a JSON string escapes (a control character or
   * `\`) or one beyond ASCII, and no quoted string came. The values of a filter read from such a text
   * are written into its JSON as they are, and the output need not look at each value's characters
   * again (a third of its work): the scanner sees those characters anyway, off its usual path.
   */
  plain = true;

  constructor(readonly text: string) {
    this.strings = new Strings(text);
  }

  /** The next token's type; null where no token starts (`skipError` passes the run); undefined at the end. */
  next(): TokenType | null | undefined {
    const text = this.text;
    const length = text.length;
    let offset = this.offset;
    while (offset < length) {
      const code = text.charCodeAt(offset);
      // Words and spaces first: most characters start one, and the switch would try every case before its default.
      if (code < 256) {
        const classes = CHAR_CLASSES[code];
        if ((classes & WORD_START) !== 0) return this.word(offset, (classes & IDENTIFIER_START) !== 0);
        if ((classes & SPACE) !== 0) {
          offset++;
          continue;
        }
      }
      let end = offset + 1;
      let type: TokenType;
      switch (code) {
        case 0x23: // #
          end = lineEnd(text, end);
          type = Comment;
          break;
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
        case 0x27: // '
          end = this.strings.end(offset, code);
          type = code === 0x22 ? DoubleQuoted : SingleQuoted;
          // Its value may hold anything once unescaped: the output looks at each (see `plain`).
          this.plain = false;
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
          if (code > 0xff && isWideSpace(code)) {
            offset = spacesEnd(text, end);
            continue;
          }
          // Every other character starts a word (not an identifier: it is not a Latin-1 letter or _).
          return this.word(offset, false);
      }
      this.start = offset;
      if (end === -1) {
        this.offset = offset;
        return null;
      }
      this.end = end;
      this.offset = end;
      return type;
    }
    this.offset = offset;
    return undefined;
  }

  /** After `next()` gave null: passes the run of characters where no token starts, and gives it as an error. */
  skipError(): { offset: number; length: number } {
    const text = this.text;
    const start = this.offset;
    let offset = start;
    do offset++;
    while (offset < text.length && !startsToken(text, offset, this.strings));
    this.offset = offset;
    return { offset: start, length: offset - start };
  }

  /** The word at `start` (its first character already known to start one, and whether it starts an identifier), classified. */
  private word(start: number, identifierStart: boolean): TokenType {
    const text = this.text;
    let identifier = identifierStart;
    const length = text.length;
    // A first character that starts no identifier is read again in the loop, for `plain`.
    let end = identifierStart ? start + 1 : start;
    for (; end < length; end++) {
      const code = text.charCodeAt(end);
      // Letters, digits and _ first: most characters of most words are, and they need one test.
      if (code < 256) {
        const classes = CHAR_CLASSES[code];
        if ((classes & IDENTIFIER_PART) !== 0) continue;
        if ((classes & WORD_PART) === 0) break;
        identifier = false;
        if (code < 0x20 || code === 0x5c || code > 0x7f) this.plain = false;
      } else if (isWideSpace(code)) {
        break;
      } else {
        identifier = false;
        this.plain = false;
      }
    }
    this.start = start;
    this.end = end;
    this.offset = end;
    return identifier ? keywordOrIdentifier(text, start, end - start) : Word;
  }
}

function token(text: string, start: number, end: number, type: TokenType): Token {
  return { image: text.slice(start, end), startOffset: start, tokenType: type };
}

// Latin-1 character classes for the scanner, from the same sets as the Word pattern.
const SPACE = 1;
const WORD_PART = 2;
const IDENTIFIER_START = 4;
const IDENTIFIER_PART = 8;
const WORD_START = 16;
// Built from character codes rather than a regular expression per character, which took a
// noticeable share of the CLI's start-up: `\s` in Latin-1 is tab to carriage return, space and
// no-break space; `\w` is [A-Za-z0-9_], and [A-Za-z_] starts an identifier.
const CHAR_CLASSES = new Uint8Array(256).fill(WORD_PART | WORD_START);
for (const code of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]) CHAR_CLASSES[code] = SPACE;
for (let i = 0; i < NOT_WORD_START.length; i++) CHAR_CLASSES[NOT_WORD_START.charCodeAt(i)] &= ~WORD_START;
for (let i = 0; i < NOT_WORD_PART.length; i++) CHAR_CLASSES[NOT_WORD_PART.charCodeAt(i)] = 0;
for (let code = 0x30; code <= 0x39; code++) CHAR_CLASSES[code] |= IDENTIFIER_PART;
for (let code = 0x41; code <= 0x5a; code++) CHAR_CLASSES[code] |= IDENTIFIER_START | IDENTIFIER_PART;
for (let code = 0x61; code <= 0x7a; code++) CHAR_CLASSES[code] |= IDENTIFIER_START | IDENTIFIER_PART;
CHAR_CLASSES[0x5f] |= IDENTIFIER_START | IDENTIFIER_PART;

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
  /** Per quote character (`"` and `'`): quotes of that kind before this offset are known not to close. */
  private doubleUnclosedBefore = 0;
  private singleUnclosedBefore = 0;

  constructor(private readonly text: string) {}

  end(start: number, quote: number): number {
    if (start < (quote === 0x22 ? this.doubleUnclosedBefore : this.singleUnclosedBefore)) return -1;
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
    if (quote === 0x22) this.doubleUnclosedBefore = offset;
    else this.singleUnclosedBefore = offset;
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
