/**
 * `lex` is a hand-written scanner standing in for Chevrotain's lexer over the reference token types
 * (reference/tokens.ts): over any text both give the same tokens (type name, image, offset), comments
 * and errors, and `lex`'s tokens have exactly the fields a token has.
 */
import { compile, lex, type LexResult } from '@logfilter/core';
import { createValidatingLexer, referenceTokens } from '@logfilter/core/grammar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editedText } from '../support/arbitraries.js';
import { loadCorpus } from '../support/corpus.js';

type Token = LexResult['tokens'][number];
type ChevrotainToken = ReturnType<ReturnType<typeof createValidatingLexer>['tokenize']>['tokens'][number];

/** Lexing is cheap: ten times the usual number of runs. */
const RUNS = { numRuns: 10 * Number(process.env.FUZZ_RUNS ?? 300) };

const chevrotain = createValidatingLexer();
const tokenType = Object.fromEntries(referenceTokens.map((type) => [type.name, type]));

/** Chevrotain's lexer, then keyword and identifier words retyped, its tokens as `lex` makes them. */
function reference(text: string): LexResult {
  const result = chevrotain.tokenize(text);
  for (const token of result.tokens) if (token.tokenType === tokenType.Word) classify(token);
  const own = (token: ChevrotainToken): Token => ({ image: token.image, startOffset: token.startOffset, tokenType: token.tokenType });
  return {
    tokens: result.tokens.map(own),
    comments: (result.groups.comments ?? []).map(own),
    errors: result.errors.map((error) => ({ offset: error.offset, length: error.length })),
  };
}

const KEYWORDS: Record<string, string> = { and: 'And', or: 'Or', not: 'Not' };

function classify(token: ChevrotainToken): void {
  const keyword = token.image.length <= 3 ? KEYWORDS[token.image.toLowerCase()] : undefined;
  const name = keyword ?? (/^[A-Za-z_][A-Za-z0-9_]*$/.test(token.image) ? 'Identifier' : undefined);
  if (!name) return;
  token.tokenType = tokenType[name];
}

/** Everything a consumer can see of a token, its field order included, in a form whose diff reads well. */
function project(result: LexResult) {
  const token = (t: Token) => `${t.tokenType.name} @${t.startOffset} ${JSON.stringify(t.image)} {${Object.keys(t).join(',')}}`;
  return { tokens: result.tokens.map(token), comments: result.comments.map(token), errors: result.errors };
}

function expectSame(text: string): void {
  expect(project(lex(text)), JSON.stringify(text)).toEqual(project(reference(text)));
}

/** Pieces the lexer treats specially, keywords, Unicode spaces, lone surrogates and astral characters. */
const PIECE = fc.constantFrom(
  ...' \t\n\r\v\f\u00a0\u1680\u2000\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\u0085',
  ...['(', ')', '[', ']', ',', ';', '"', "'", '\\', '#', '!', '=', '<', '>', '&', '|', '&&', '||', '!=', '<>', '==', '<=', '>='],
  ...['a', 'Z', '_', '0', '9', '-', '.', '/', ':', 'x', 'é', 'K', 'İ', '\u212a', '\ud800', '\udfff', '😀', '\u0000'],
  ...['and', 'AND', 'aNd', 'or', 'Or', 'not', 'NOT', 'nOt', 'in', 'eq', 'ClientCountry', 'andy', 'nota'],
);

const biased = fc.array(PIECE, { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('lex agrees with the Chevrotain lexer', () => {
  it.each([
    '',
    '&',
    '|',
    '&&&',
    '|||',
    '&|',
    '& |',
    'a&&b',
    'a||b',
    'a&b',
    'x=1',
    'x==1',
    'x===1',
    '<>',
    '<<',
    '<<>',
    '>>=',
    '!==',
    '!!x',
    '=&',
    '"abc',
    "'abc",
    '"a\\"',
    '"a\\\nb"',
    '"a\nb"',
    'x "unclosed\ny "ok"',
    '&"unclosed',
    '&"closed"',
    '"\\"\\"\\"',
    '# comment\r\nx # more',
    '#',
    'a#b',
    '\u3000x\ufeff\u2028y\u00a0',
    '\ud83d',
    '\ud83d\ude00',
    'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)',
  ])('%j', (text) => expectSame(text));

  it('on every corpus filter', () => {
    const cases = loadCorpus();
    expect(cases.length).toBeGreaterThan(90);
    for (const c of cases) expectSame(c.text);
  });

  it("on every UTF-16 code unit: alone, after &, in a string, in a word and in place of a keyword's letter", () => {
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      for (const text of [char, `&${char}`, `"${char}"`, `a${char}b ${char}nd o${char} no${char}`]) {
        const got = lex(text);
        const want = reference(text);
        // Compared cheaply first: sixty-five thousand full comparisons take too long.
        if (JSON.stringify(project(got)) !== JSON.stringify(project(want))) expectSame(text);
      }
    }
  });

  it('on arbitrary text: code points, and UTF-16 code units with lone surrogates', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: codeUnit, maxLength: 80 })), (text) => expectSame(text)),
      RUNS,
    );
  });

  it('on text of special characters, keywords, quotes, backslashes and Unicode spaces', () => {
    fc.assert(
      fc.property(biased, (text) => expectSame(text)),
      RUNS,
    );
  });

  it('on corpus filters with pieces inserted, deleted or replaced', () => {
    fc.assert(
      fc.property(
        editedText(
          loadCorpus().map((c) => c.text),
          PIECE,
        ),
        (text) => expectSame(text),
      ),
      RUNS,
    );
  });
});

describe('lex and parse on a long line of unclosed quotes', () => {
  // Each quote is unclosed to the end of the line: scanning to the line's end once per quote was
  // quadratic (minutes at this length); this runs in well under the test's time-out. The length is
  // just under the filter-text size limit (INPUT_LIMITS.filter), past which the text is not read.
  it.each(['"\\', "'\\"])('%s repeated 120,000 times: one error per quote, each to the end of the line', (piece) => {
    const text = piece.repeat(120_000);
    const { diagnostics } = compile(text);
    expect(diagnostics).toHaveLength(101);
    expect(diagnostics[0]).toMatchObject({ code: 'unterminated-string', range: { start: { offset: 0 }, end: { offset: text.length } } });
    expect(diagnostics[99]).toMatchObject({ code: 'unterminated-string', range: { start: { offset: 198 }, end: { offset: text.length } } });
    expect(diagnostics[100]).toMatchObject({ code: 'too-many-diagnostics', message: '119900 more diagnostics were left out' });
  });
});
