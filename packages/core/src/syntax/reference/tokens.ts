/**
 * The lexical grammar as Chevrotain token types: the patterns, labels and categories the scanner in
 * lex.ts reproduces, and Chevrotain's lexer over them. The reference parser and the grammar artefacts
 * use these types; test/properties/lex.test.ts holds `lex` to this lexer. Not loaded by a compile.
 */
import { createToken, Lexer, type ITokenConfig, type TokenType as ChevrotainTokenType } from 'chevrotain';
import { allTokens, lexedTokens, NOT_WORD_PART, NOT_WORD_START, type TokenType } from '../lex.js';

const WORD_CHARS = `[^\\s${escapeClass(NOT_WORD_PART)}]`;

function escapeClass(chars: string): string {
  return chars.replace(/[\][\\^-]/g, '\\$&');
}

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

type Config = Omit<ITokenConfig, 'name' | 'categories'> & { categories?: string[] };

/** Each runtime token type's reference definition, by name. */
const CONFIGS: Record<string, Config> = {
  Connective: { pattern: Lexer.NA, label: "'AND' or 'OR'" },
  NotOperator: { pattern: Lexer.NA, label: "'NOT'" },
  Value: { pattern: Lexer.NA, label: 'a value' },
  WhiteSpace: { pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true },
  Comment: { pattern: /#[^\n\r]*/, group: 'comments' },
  LParen: { pattern: '(', label: "'('" },
  RParen: { pattern: ')', label: "')'" },
  LBracket: { pattern: '[', label: "'['" },
  RBracket: { pattern: ']', label: "']'" },
  Comma: { pattern: ',', label: "','" },
  DoubleQuoted: { pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/, label: 'a string', categories: ['Value'] },
  SingleQuoted: { pattern: /'(?:[^'\\\n\r]|\\[^\n\r])*'/, label: 'a string', categories: ['Value'] },
  AndAnd: { pattern: '&&', label: "'&&'", categories: ['Connective'] },
  OrOr: { pattern: '||', label: "'||'", categories: ['Connective'] },
  // Longest first; `<>` is one token so that its error can say `!=`.
  SymbolOperator: { pattern: /==|!=|<>|<=|>=|<|>|=/, label: 'an operator' },
  Bang: { pattern: '!', label: "'!'", categories: ['NotOperator'] },
  Word: {
    pattern: new RegExp(`[^\\s${escapeClass(NOT_WORD_START)}]${WORD_CHARS}*`),
    label: 'a value',
    start_chars_hint: wordStartChars(),
    categories: ['Value'],
  },
  // Not matched by the lexer: words are given these types after lexing.
  And: { pattern: Lexer.NA, label: "'AND'", categories: ['Connective'] },
  Or: { pattern: Lexer.NA, label: "'OR'", categories: ['Connective'] },
  Not: { pattern: Lexer.NA, label: "'NOT'", categories: ['NotOperator'] },
  Identifier: { pattern: Lexer.NA, label: 'a field name', categories: ['Value'] },
};

/** Chevrotain's token type of each runtime type, by name (categories made before their members). */
export const referenceTypes: ReadonlyMap<string, ChevrotainTokenType> = (() => {
  const made = new Map<string, ChevrotainTokenType>();
  const make = (name: string): ChevrotainTokenType => {
    const known = made.get(name);
    if (known) return known;
    const { categories, ...config } = CONFIGS[name];
    const type = createToken({ name, ...config, ...(categories ? { categories: categories.map(make) } : {}) });
    made.set(name, type);
    return type;
  };
  for (const type of allTokens) make(type.name);
  return made;
})();

/** The reference type of a runtime token type. */
export function referenceType(type: TokenType): ChevrotainTokenType {
  const found = referenceTypes.get(type.name);
  if (!found) throw new Error(`no reference token type for ${type.name}`);
  return found;
}

/** The runtime types in reference form, in the same order. */
export const referenceTokens: ChevrotainTokenType[] = allTokens.map(referenceType);

/** Chevrotain's lexer over the lexed types, with its validations on. */
export function createValidatingLexer(): Lexer {
  return new Lexer(lexedTokens.map(referenceType), { ensureOptimizations: true, positionTracking: 'onlyOffset' });
}
