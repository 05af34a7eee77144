/**
 * Fuzzing every other entry point that reads user input: none throws, whatever it is given, and
 * every diagnostic that carries a range points inside the input.
 */
import {
  checkCustomFields,
  checkCustomFieldsText,
  checkLogpullOptions,
  compile,
  complete,
  decompile,
  format,
  hover,
  matcher,
  parseLogpullOptions,
  type Diagnostic,
} from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, edit } from '../support/arbitraries.js';

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) };

function expectInside(diagnostics: readonly Diagnostic[], text: string): void {
  for (const diagnostic of diagnostics) {
    if (!diagnostic.range) continue;
    expect(diagnostic.range.start.offset).toBeGreaterThanOrEqual(0);
    expect(diagnostic.range.start.offset).toBeLessThanOrEqual(diagnostic.range.end.offset);
    expect(diagnostic.range.end.offset).toBeLessThanOrEqual(text.length);
  }
}

/** JSON text that is nearly a filter: a compiled filter with characters deleted, inserted or replaced. */
const nearlyFilterJson = fc
  .tuple(
    fc.constantFrom<string>(
      '{"where":{"and":[{"key":"ClientCountry","operator":"in","value":["us","ca"]},{"or":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"EdgeResponseStatus","operator":"geq","value":"500"}]}]}}',
      '"{\\"where\\":{\\"key\\":\\"ClientCountry\\",\\"operator\\":\\"eq\\",\\"value\\":\\"us\\"}}"',
      '{"result":[{"id":1,"filter":"{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"}]}',
    ),
    fc.array(edit(fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', 'x', '1', ' ', 'é')), { maxLength: 4 }),
  )
  .map(([text, edits]) => applyEdits(text, edits));

describe('decompile never throws', () => {
  it('on arbitrary text and nearly-filter JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), nearlyFilterJson), (text) => {
        const result = decompile(text);
        expect(typeof result.ok).toBe('boolean');
        expectInside(result.diagnostics, text);
        if (result.ok) expect(compile(result.text!).ok).toBe(true);
      }),
      RUNS,
    );
  });

  it('on arbitrary JSON values given as objects', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const result = decompile(typeof value === 'object' && value !== null ? value : { where: value });
        expect(typeof result.ok).toBe('boolean');
      }),
      RUNS,
    );
  });
});

describe('the custom-field and logpull_options checks never throw', () => {
  it('on arbitrary documents and texts', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.string({ unit: 'binary', maxLength: 60 }), (value, text) => {
        expect(typeof checkCustomFields(value).ok).toBe('boolean');
        const fromText = checkCustomFieldsText(text);
        expectInside(fromText.diagnostics, text);
        expect(Array.isArray(parseLogpullOptions(text))).toBe(true);
        expect(typeof checkLogpullOptions(text).ok).toBe('boolean');
      }),
      RUNS,
    );
  });
});

describe('the editor services never throw', () => {
  it('on arbitrary text at any offset', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(), (text, at) => {
        const offset = at % (text.length + 1);
        expect(Array.isArray(complete(text, offset).items)).toBe(true);
        hover(text, offset);
        const formatted = format(text);
        if (formatted.ok) expect(format(formatted.text!).text).toBe(formatted.text);
      }),
      RUNS,
    );
  });
});

describe('evaluation never throws', () => {
  const test = matcher(compile('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500) AND BotTags contains x').json!);
  it('on records of any shape', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('ClientCountry', 'BotScore', 'EdgeResponseStatus', 'BotTags', 'Other'), fc.jsonValue({ maxDepth: 2 })),
        (record) => {
          expect(typeof test(record)).toBe('boolean');
        },
      ),
      RUNS,
    );
  });
});
