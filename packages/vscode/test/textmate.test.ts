/**
 * The VS Code extension's TextMate grammar: the committed file is what its generator makes from the
 * lexer's token table now, and, run by vscode-textmate on Oniguruma as VS Code runs it, it scopes
 * every line of the corpus as the lexer reads it: at each token the lexer makes, a TextMate token
 * starts and ends and carries the scope of that token's kind, and where the lexer makes none
 * (whitespace, characters no token starts with) the grammar adds no scope.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lex } from '@logfilter/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWASM, OnigScanner, OnigString } from 'vscode-oniguruma';
import { type IGrammar, INITIAL, parseRawGrammar, Registry, type StateStack } from 'vscode-textmate';
import { GRAMMAR_FILE } from '../scripts/paths.mjs';
import { SCOPE_NAME, textMateGrammarText } from '../scripts/textmate.mjs';
import { layout, renderWithLayout, wellTypedExpr } from '../../../test/support/arbitraries.js';
import { loadCorpus } from '../../../test/support/corpus.js';

/** The scope each kind of lexer token must get, written here rather than taken from the generator. */
const KIND_SCOPES: Record<string, RegExp> = {
  Comment: /^comment\.line\.number-sign\.logfilter$/,
  LParen: /^punctuation\.section\.parens\.begin\.logfilter$/,
  RParen: /^punctuation\.section\.parens\.end\.logfilter$/,
  LBracket: /^punctuation\.section\.brackets\.begin\.logfilter$/,
  RBracket: /^punctuation\.section\.brackets\.end\.logfilter$/,
  Comma: /^punctuation\.separator\.comma\.logfilter$/,
  DoubleQuoted: /^string\.quoted\.double\.logfilter$/,
  SingleQuoted: /^string\.quoted\.single\.logfilter$/,
  AndAnd: /^keyword\.operator\.logical\.logfilter$/,
  OrOr: /^keyword\.operator\.logical\.logfilter$/,
  Bang: /^keyword\.operator\.logical\.logfilter$/,
  SymbolOperator: /^keyword\.operator\.comparison\.logfilter$/,
  And: /^keyword\.control\.logical\.logfilter$/,
  Or: /^keyword\.control\.logical\.logfilter$/,
  Not: /^keyword\.control\.logical\.logfilter$/,
};
const NUMBER_WORD = /^-?\d+(?:\.\d+)?$/;
const STRING_KINDS = new Set(['DoubleQuoted', 'SingleQuoted']);

/** Words (field names and bare values): numbers as numbers, the rest as words. */
function expectedScope(kind: string, image: string): RegExp {
  if (kind === 'Word' || kind === 'Identifier') return NUMBER_WORD.test(image) ? /^constant\.numeric\.logfilter$/ : /^variable\.other\.word\.logfilter$/;
  const scope = KIND_SCOPES[kind];
  if (!scope) throw new Error(`the lexer made a token of kind ${kind}, which this test does not know`);
  return scope;
}

/** Lines that corner the grammar where words, keywords, numbers, operators and strings meet. */
const EDGE_CASES = [
  'and-x AND ORDER or Or NOT notX nOt(a)',
  'x=1 x == 1 x = 1 x <> 1 x<1 x<=1 x>=1 x!=1 !x !(a) a&&b a||b a & b a | b',
  '10.0.0.1 -5 1.50 1. .5 5e3 a1 1a',
  String.raw`"a\"b" 'it\'s' "unclosed 'also unclosed "\\" '' ""`,
  'f in ("a",b,[c]) # comment "not a string" AND',
  '#only a comment',
  'BotScore<30 AND ClientIP in (1.1.1.1, 2.2.2.2)',
  // What JavaScript's \s matches (and so the lexer skips) is not what Oniguruma's \s matches.
  'a\u00a0b\u3000c\ufeffd\u2028e\u2029f\u1680g\u202fh\u205fi\u000bj\u000ck\rl m\u0085n\u200bo',
  '"a\ufeffb" #\u2028 comment\u0085',
];

/** Fragments of filters, glued at random by the fuzzing test. */
const PIECES = [
  ...'()[],"\'#!=<>&|\\-. \t\r\n\u00a0\u3000\ufeff\u0085'.split(''),
  ...['and', 'OR', 'Not', 'x', 'Field', 'eq', '12', '-3.5', '\u0661\u0662', 'é', '\u{1F600}', '&&', '||', '!=', '<>', '"s"', "'t'", '# c'],
];
const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) };

let grammar: IGrammar;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  await loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (sources) => new OnigScanner(sources), createOnigString: (text) => new OnigString(text) }),
    loadGrammar: async (scopeName) => (scopeName === SCOPE_NAME ? parseRawGrammar(readFileSync(GRAMMAR_FILE, 'utf8'), GRAMMAR_FILE) : null),
  });
  const loaded = await registry.loadGrammar(SCOPE_NAME);
  if (!loaded) throw new Error(`${GRAMMAR_FILE} did not load`);
  grammar = loaded;
});

interface Span {
  start: number;
  end: number;
  scopes: string[];
}

/** Each line's TextMate tokens, with offsets into the whole text. */
function tokenize(text: string): Span[] {
  const spans: Span[] = [];
  let state: StateStack = INITIAL;
  let lineStart = 0;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      // vscode-textmate reports one empty-line token reaching past the end; keep what the line holds.
      const end = Math.min(token.endIndex, line.length);
      if (end > token.startIndex) spans.push({ start: lineStart + token.startIndex, end: lineStart + end, scopes: token.scopes });
    }
    state = result.ruleStack;
    lineStart += rawLine.length + 1;
  }
  return spans;
}

/** Where the text disagrees with the lexer, as readable lines (empty when they agree). */
function disagreements(text: string): string[] {
  const { tokens, comments } = lex(text);
  const lexed = [...tokens, ...comments]
    .map((token) => ({ start: token.startOffset, end: token.startOffset + token.image.length, kind: token.tokenType.name, image: token.image }))
    .sort((a, b) => a.start - b.start);
  const spans = tokenize(text);
  const problems: string[] = [];
  const covered = new Set<Span>();
  for (const token of lexed) {
    const inside = spans.filter((span) => span.start < token.end && span.end > token.start);
    for (const span of inside) covered.add(span);
    const scope = expectedScope(token.kind, token.image);
    const where = `${token.kind} ${JSON.stringify(token.image)} at ${token.start}`;
    if (inside[0]?.start !== token.start) problems.push(`${where}: no TextMate token starts there`);
    else if (inside.at(-1)?.end !== token.end) problems.push(`${where}: the TextMate token ends at ${inside.at(-1)?.end}`);
    // Only a string is cut into several TextMate tokens (its escapes have a scope of their own).
    else if (inside.length > 1 && !STRING_KINDS.has(token.kind)) problems.push(`${where}: ${inside.length} TextMate tokens instead of one`);
    const wrong = inside.find((span) => !span.scopes.some((name) => scope.test(name)));
    if (wrong) problems.push(`${where}: scopes ${wrong.scopes.join(' ')} at ${wrong.start}, expected ${scope}`);
  }
  for (const span of spans) {
    if (!covered.has(span) && span.scopes.join(' ') !== SCOPE_NAME) {
      problems.push(`${JSON.stringify(text.slice(span.start, span.end))} at ${span.start}: scoped ${span.scopes.join(' ')} where the lexer makes no token`);
    }
  }
  return problems;
}

describe('the TextMate grammar', () => {
  it('is what scripts/textmate.mjs makes from the lexer token table now (pnpm --filter logfilter-vscode run grammar)', () => {
    expect(readFileSync(GRAMMAR_FILE, 'utf8')).toBe(textMateGrammarText());
  });

  it('scopes every token of every corpus file as the lexer reads it', () => {
    const cases = loadCorpus();
    expect(cases.length).toBeGreaterThan(100);
    const problems = cases.flatMap((corpusCase) => disagreements(corpusCase.text).map((problem) => `${corpusCase.kind}/${corpusCase.name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it.each(EDGE_CASES)('scopes %j as the lexer reads it', (line) => {
    expect(disagreements(line)).toEqual([]);
  });

  it('scopes any filter, laid out any way, as the lexer reads it', () => {
    fc.assert(
      fc.property(wellTypedExpr, layout, (expr, choices) => {
        const text = renderWithLayout(expr, choices);
        expect(disagreements(text)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('scopes any text made of the characters tokens start and end with as the lexer reads it', () => {
    const piece = fc.constantFrom(...PIECES);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expect(disagreements(pieces.join(''))).toEqual([]);
      }),
      RUNS,
    );
  });

  it('gives each kind its scope (the check above does find a difference)', () => {
    const spans = tokenize('NOT Field eq 30 # c');
    expect(spans.map((span) => span.scopes.at(-1))).toEqual([
      'keyword.control.logical.logfilter',
      SCOPE_NAME,
      'variable.other.word.logfilter',
      SCOPE_NAME,
      'variable.other.word.logfilter',
      SCOPE_NAME,
      'constant.numeric.logfilter',
      SCOPE_NAME,
      'comment.line.number-sign.logfilter',
    ]);
  });
});
