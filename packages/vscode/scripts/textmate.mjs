// The TextMate grammar of logfilter, made from the lexer's token table (@logfilter/core/grammar's
// referenceTokens): each lexed token's own pattern, in the lexer's order, under a scope of its kind. The
// keywords the lexer carves out of words (AND, OR, NOT in any case) come from their token labels, and
// numbers are the words that read as one. `pnpm --filter logfilter-vscode run grammar` writes it to
// syntaxes/logfilter.tmLanguage.json; test/editors/textmate.test.ts keeps that file equal to this.
import { referenceTokens } from '@logfilter/core/grammar';

export const SCOPE_NAME = 'source.logfilter';

/** The scope of each token type the lexer matches (WhiteSpace needs none); a new token type must be given one here. */
const SCOPES = {
  Comment: 'comment.line.number-sign.logfilter',
  LParen: 'punctuation.section.parens.begin.logfilter',
  RParen: 'punctuation.section.parens.end.logfilter',
  LBracket: 'punctuation.section.brackets.begin.logfilter',
  RBracket: 'punctuation.section.brackets.end.logfilter',
  Comma: 'punctuation.separator.comma.logfilter',
  DoubleQuoted: 'string.quoted.double.logfilter',
  SingleQuoted: 'string.quoted.single.logfilter',
  AndAnd: 'keyword.operator.logical.logfilter',
  OrOr: 'keyword.operator.logical.logfilter',
  SymbolOperator: 'keyword.operator.comparison.logfilter',
  Bang: 'keyword.operator.logical.logfilter',
  Word: 'variable.other.word.logfilter',
};
/** The words the lexer gives token types of their own after matching them as words (its `classify`). */
const KEYWORD_TOKENS = ['And', 'Or', 'Not'];
const KEYWORD_SCOPE = 'keyword.control.logical.logfilter';
const NUMBER_SCOPE = 'constant.numeric.logfilter';
const ESCAPE_SCOPE = 'constant.character.escape.logfilter';
/** A word that is a decimal number (as the language reads numbers: language/values.ts). */
const NUMBER = String.raw`-?[0-9]+(?:\.[0-9]+)?`;

const byName = new Map(referenceTokens.map((type) => [type.name, type]));

function tokenType(name) {
  const type = byName.get(name);
  if (!type) throw new Error(`the lexer has no token type ${name}: update scripts/textmate.mjs`);
  return type;
}

/**
 * What JavaScript's `\s` matches, spelled out for Oniguruma, whose `\s` differs (it takes U+0085
 * and leaves U+FEFF): the lexer's words end where JavaScript says, so the grammar's must too.
 */
const JS_SPACE = String.raw`\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;

/** A JavaScript pattern's source with each `\s` spelled out (within a character class or standing alone). */
function withJavaScriptSpace(source) {
  let result = '';
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') {
      const escaped = source.slice(index, index + 2);
      result += escaped === '\\s' ? (inClass ? JS_SPACE : `[${JS_SPACE}]`) : escaped;
      index++;
    } else {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      result += char;
    }
  }
  return result;
}

/** A token's pattern as Oniguruma source (the lexer's patterns use nothing Oniguruma reads otherwise, `\s` aside). */
function patternSource(type) {
  const { PATTERN: pattern } = type;
  if (typeof pattern === 'string') return pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (pattern instanceof RegExp && pattern.flags === '') return withJavaScriptSpace(pattern.source);
  throw new Error(`token ${type.name}: a pattern of this kind (${String(pattern)}) cannot be turned into TextMate`);
}

/** The Word pattern's two character classes, first character and the rest: `[^...][^...]*`. */
function wordClasses(source) {
  let end = 1;
  while (source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
  const start = source.slice(0, end + 1);
  const rest = source.slice(end + 1);
  if (!start.startsWith('[') || !/^\[.*\]\*$/.test(rest)) throw new Error(`the Word pattern is no longer [first][rest]*: ${source}`);
  return { start, part: rest.slice(0, -1) };
}

/** The spelling a keyword token's label quotes: `'AND'` -> `AND`. */
function keywordSpelling(name) {
  const match = /^'([A-Za-z]+)'$/.exec(tokenType(name).LABEL ?? '');
  if (!match) throw new Error(`keyword token ${name} has no quoted label to take its spelling from`);
  return match[1];
}

/** The grammar as an object, in the order written to the file. */
function textMateGrammar() {
  const lexed = referenceTokens.filter((type) => type.PATTERN !== undefined && !isNotApplicable(type) && type.name !== 'WhiteSpace');
  const unscoped = lexed.filter((type) => !(type.name in SCOPES)).map((type) => type.name);
  if (unscoped.length > 0) throw new Error(`no scope for the token types ${unscoped.join(', ')}: add them to SCOPES in scripts/textmate.mjs`);
  const patterns = [];
  const repository = {};
  for (const type of lexed) {
    const key = type.name.replace(/^./, (first) => first.toLowerCase());
    patterns.push({ include: `#${key}` });
    if (type.name === 'Word') {
      repository[key] = { patterns: wordRules(patternSource(type)) };
    } else if (type.name === 'DoubleQuoted' || type.name === 'SingleQuoted') {
      const escapes = { patterns: [{ match: String.raw`\\.`, name: ESCAPE_SCOPE }] };
      repository[key] = { match: patternSource(type), name: SCOPES[type.name], captures: { 0: escapes } };
    } else {
      repository[key] = { match: patternSource(type), name: SCOPES[type.name] };
    }
  }
  return {
    information_for_contributors: [
      'Generated from the lexer token table (@logfilter/core/grammar) by packages/vscode/scripts/grammar.mjs: do not edit by hand.',
    ],
    name: 'logfilter',
    scopeName: SCOPE_NAME,
    fileTypes: ['lf'],
    patterns,
    repository,
  };
}

/** Keywords and numbers are whole words (nothing of a word may follow them), then any other word. */
function wordRules(source) {
  const { part } = wordClasses(source);
  const whole = `(?!${part})`;
  const keywords = KEYWORD_TOKENS.map(keywordSpelling).join('|');
  return [
    { match: `(?i:${keywords})${whole}`, name: KEYWORD_SCOPE },
    { match: `${NUMBER}${whole}`, name: NUMBER_SCOPE },
    { match: source, name: SCOPES.Word },
  ];
}

function isNotApplicable(type) {
  // Chevrotain's Lexer.NA: a token type made after lexing, or a category.
  return type.PATTERN instanceof RegExp && type.PATTERN.source === 'NOT_APPLICABLE';
}

/** The file's text: two-space JSON and a final newline. */
export function textMateGrammarText() {
  return `${JSON.stringify(textMateGrammar(), null, 2)}\n`;
}
