import { compile, renderDiagnostic, type Diagnostic } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

function only(text: string, options = {}): Diagnostic {
  const { diagnostics } = compile(text, options);
  expect(diagnostics).toHaveLength(1);
  return diagnostics[0];
}

describe('code frames', () => {
  it('render as language.md section 5 shows', () => {
    const text = 'ClientCountry geq 5';
    expect(renderDiagnostic(only(text), text)).toBe(
      [
        "error[operator-not-allowed]: 'geq' cannot be used with string field 'ClientCountry'",
        ' --> 1:15',
        '  |',
        '1 | ClientCountry geq 5',
        '  |               ^^^',
        '  = hint: string fields take eq, !eq, startsWith, endsWith, !startsWith, !endsWith, contains, !contains, in, !in',
      ].join('\n'),
    );
  });

  it('name the file, widen the gutter for long line numbers and colour only when asked', () => {
    const text = `${'\n'.repeat(11)}BotScore eq x`;
    const diagnostic = only(text);
    const plain = renderDiagnostic(diagnostic, text, { fileName: 'f.lf' });
    expect(plain.split('\n').slice(1, 5)).toEqual(['  --> f.lf:12:13', '   |', '12 | BotScore eq x', '   |             ^']);
    expect(plain).not.toContain('\x1b');
    expect(renderDiagnostic(diagnostic, text, { color: true })).toContain('\x1b[1;31merror\x1b[0m');
  });

  it('show a window of a very long line and never echo control characters', () => {
    const text = `ClientRequestPath eq ${'a'.repeat(5000)} AND BotScore eq \x1b[31m`;
    const frame = renderDiagnostic(compile(text).diagnostics[0], text);
    const [, , , line, carets] = frame.split('\n');
    expect(line.length).toBeLessThan(130);
    expect(line.startsWith('1 | …')).toBe(true);
    expect(frame).not.toContain('\x1b');
    expect(carets.indexOf('^')).toBe(line.indexOf('[31m'));
  });

  it('put a zero-width range at the end of the last token when the input ends early', () => {
    const diagnostic = only('(ClientCountry eq us   \n');
    expect(diagnostic.code).toBe('unclosed-paren');
    expect(diagnostic.range.start).toEqual({ offset: 20, line: 1, column: 21 });
    expect(diagnostic.range.end).toEqual(diagnostic.range.start);
  });
});

describe('limits', () => {
  const criteria = (n: number) => Array.from({ length: n }, (_, i) => `ClientRequestPath startsWith /p${i}`).join(' AND ');

  it('count operators on the final output and point at the first one over', () => {
    const text = criteria(31);
    const diagnostic = only(text, { maxBytes: 100_000 });
    expect(diagnostic.code).toBe('too-many-operators');
    expect(diagnostic.message).toBe('the filter has 31 operators, 1 over the limit of 30; this one is the first over it');
    expect(text.slice(diagnostic.range.start.offset, diagnostic.range.end.offset)).toBe('ClientRequestPath startsWith /p30');
    expect(compile(text, { maxBytes: 100_000, maxOperators: 31 }).ok).toBe(true);
    // Merging first: 31 eq predicates on one field are one operator.
    expect(compile(Array.from({ length: 31 }, (_, i) => `ClientCountry eq c${i}`).join(' OR ')).stats.operators).toBe(1);
  });

  it('say by how many bytes a filter is over, and which part costs most', () => {
    const text = `BotScore lt 30 AND (ClientRequestPath in (${Array.from({ length: 120 }, (_, i) => `/path/${i}`).join(', ')}) OR ClientCountry eq us)`;
    const result = compile(text);
    expect(result.ok).toBe(false);
    const diagnostic = result.diagnostics[0];
    expect(diagnostic.code).toBe('filter-too-large');
    expect(diagnostic.message).toBe(`the filter is ${result.stats.bytes} bytes, ${result.stats.bytes - 1000} over the limit of 1000`);
    expect(text.slice(diagnostic.range.start.offset, diagnostic.range.end.offset)).toMatch(/^ClientRequestPath in \(.*OR ClientCountry eq us$/);
    expect(diagnostic.hint).toMatch(/^the largest part is `ClientRequestPath in \(/);
    expect(result.json).toBeDefined();
    expect(compile(text, { maxBytes: result.stats.bytes }).ok).toBe(true);
  });

  it('count UTF-8 bytes, not characters', () => {
    const result = compile('ClientCountry eq "日本"');
    expect(result.json).toBe('{"where":{"key":"ClientCountry","operator":"eq","value":"日本"}}');
    expect(result.stats.bytes).toBe(result.json!.length + 4);
  });
});
