/**
 * Fuzzing the HCL reader (lexer, parser, the JSON a filter expression stands for, decompile of an
 * expression): random pieces of HCL, garbage and nesting of any depth either read or give an
 * HclSyntaxError inside the text, never another exception (a stack overflow above all) and never a
 * hang (each run is bounded by the test's own time limit).
 */
import { MAX_NESTING } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompileHcl, filterSource, type HclBody, type HclExpr, HclSyntaxError, parseHcl, parseHclExpression } from '@logfilter/terraform';

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) };

/** Reads `text` with `read`; an HclSyntaxError must point inside the text, any other exception fails. */
function readOrSyntaxError<T>(text: string, read: (text: string) => T): T | undefined {
  try {
    return read(text);
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    expect(error.offset).toBeGreaterThanOrEqual(0);
    expect(error.offset).toBeLessThanOrEqual(text.length);
    return undefined;
  }
}

/** Every attribute value of a body and its blocks, as check --terraform would look for `filter`. */
function values(body: HclBody): HclExpr[] {
  return [...body.attributes.map((attribute) => attribute.value), ...body.blocks.flatMap((block) => values(block.body))];
}

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '"',
  '${',
  '%{',
  '$${',
  '\\',
  '\\u00',
  '<<EOT\n',
  '<<-EOT\n',
  '\nEOT\n',
  'jsonencode(',
  'key',
  '=',
  ':',
  ',',
  '.',
  '...',
  'for',
  'in',
  '?',
  '!',
  '-',
  '1',
  '1.5e3',
  'true',
  'null',
  '#',
  '//',
  '/*',
  '*/',
  '\n',
  ' ',
  '\t',
  'é',
  '\u0000',
  'resource "cloudflare_logpush_job" "x" {\n',
  'filter = ',
  'dataset = "http_requests"\n',
  '{ key = "ClientCountry", operator = "eq", value = "us" }',
];

const garbage = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 80 }).map((parts) => parts.join(''));

/** Openers that nest in HCL: a block, an object, a tuple, a call, a template string, a parenthesis. */
const OPENERS: [open: string, close: string][] = [
  ['b {\n', '\n}'],
  ['{ a = ', ' }'],
  ['[', ']'],
  ['jsonencode(', ')'],
  ['"${', '}"'],
  ['(', ')'],
];

/** Nesting of random openers, from shallow to far past MAX_NESTING, closed or not. */
const nesting = fc
  .record({
    openers: fc.array(fc.integer({ min: 0, max: OPENERS.length - 1 }), { minLength: 1, maxLength: 8 }),
    depth: fc.integer({ min: 1, max: MAX_NESTING * 12 }),
    closed: fc.boolean(),
    inner: fc.constantFrom('"x"', '1', '', 'a.b', '{}'),
  })
  .map(({ openers, depth, closed, inner }) => {
    const chosen = Array.from({ length: depth }, (_, i) => OPENERS[openers[i % openers.length]]);
    return (
      chosen.map(([open]) => open).join('') +
      inner +
      (closed
        ? chosen
            .map(([, close]) => close)
            .reverse()
            .join('')
        : '')
    );
  });

function readEverything(text: string): void {
  const body = readOrSyntaxError(text, parseHcl);
  for (const value of body ? values(body) : []) filterSource(value);
  const expr = readOrSyntaxError(text, parseHclExpression);
  if (expr) filterSource(expr);
  const decompiled = decompileHcl(text, {});
  for (const diagnostic of decompiled.diagnostics) {
    expect(diagnostic.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(diagnostic.range.end.offset).toBeLessThanOrEqual(text.length);
  }
}

describe('the HCL reader under random input', () => {
  it('reads garbage or reports a syntax error inside it, never throwing anything else', () => {
    fc.assert(fc.property(garbage, readEverything), RUNS);
  });

  it('reads nesting of any depth as a value or a syntax error, never a stack overflow', () => {
    fc.assert(fc.property(nesting, readEverything), { numRuns: Math.min(RUNS.numRuns, 100) });
  });

  it('reads nesting inside a filter attribute of a resource the same way', () => {
    const resource = nesting.map((filter) => `resource "cloudflare_logpush_job" "x" {\n  dataset = "http_requests"\n  filter = ${filter}\n}\n`);
    fc.assert(fc.property(resource, readEverything), { numRuns: Math.min(RUNS.numRuns, 100) });
  });

  it('points a diagnostic of an empty filter string at the string, which has no character to map (found by the fuzzer, seed 700462912)', () => {
    for (const [text, start, end] of [
      ['""', 0, 2],
      ['filter = ""', 9, 11],
      // An empty heredoc: `logfilter decompile` read its place as 1:NaN.
      ['<<EOT\nEOT\n', 0, 9],
    ] as const) {
      const [diagnostic] = decompileHcl(text, {}).diagnostics;
      expect(diagnostic.code, text).toBe('invalid-json');
      expect([diagnostic.range.start.offset, diagnostic.range.end.offset], text).toEqual([start, end]);
    }
  });

  it('keeps an expression that needs Terraform whole, from where it starts to where it ends', () => {
    const text = 'jsonencode([x, [y, [z...]...], concat([1], [2]...)]) + 1';
    expect(parseHclExpression(text)).toEqual({ kind: 'opaque', text, start: 0, end: text.length });
    const tuple = parseHclExpression('[x, [y, [z...]...], [1].a ? 2 : 3]');
    expect(tuple).toMatchObject({
      kind: 'tuple',
      items: [
        { kind: 'opaque', text: 'x' },
        { kind: 'opaque', text: '[y, [z...]...]' },
        { kind: 'opaque', text: '[1].a ? 2 : 3' },
      ],
    });
  });

  it('says where nesting goes past the limit', () => {
    const text = `${'['.repeat(MAX_NESTING + 1)}${']'.repeat(MAX_NESTING + 1)}`;
    let thrown: unknown;
    try {
      parseHclExpression(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HclSyntaxError);
    expect(thrown).toMatchObject({ message: `nested more than ${MAX_NESTING} levels deep here`, offset: MAX_NESTING });
    expect(parseHclExpression(`${'['.repeat(MAX_NESTING)}${']'.repeat(MAX_NESTING)}`)).toMatchObject({ kind: 'tuple' });
  });
});
