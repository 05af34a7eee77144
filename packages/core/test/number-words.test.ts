/**
 * Numbers in filter text are told by loops instead of patterns: a bare word that is a number
 * (the parser's scalar kinds) and an integer already canonical (`canonicalNumber`) are read as the
 * patterns read them.
 */
import { canonicalNumber, parse, type Scalar } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The definition before the loop: the pattern for canonical integers, then the general form. */
function reference(text: string): { text: string; integral: boolean } | undefined {
  if (/^(?:0|-?[1-9]\d*)$/.test(text)) return { text, integral: true };
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = whole === '0' && fraction === '';
  const sign = match[1] && !zero ? '-' : '';
  return { text: sign + whole + (fraction ? `.${fraction}` : ''), integral: fraction === '' };
}

describe('canonicalNumber', () => {
  it.each(['', '-', '0', '-0', '00', '01', '1', '-1', '10', '-10', '1.0', '1.50', '-0.0', '٣', '1e3', '+1', ' 1', '1 ', '9'.repeat(30), `-${'9'.repeat(30)}`])(
    '%j as the pattern read it',
    (text) => expect(canonicalNumber(text)).toEqual(reference(text)),
  );

  it('on strings of digits, signs and points', () => {
    const text = fc.array(fc.constantFrom('0', '1', '9', '-', '.', 'a', '\u0660'), { maxLength: 12 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(canonicalNumber(t)).toEqual(reference(t));
      }),
    );
  });
});

/** The kind the parser gives a bare word, as a value of a predicate. */
function kindOf(word: string): string | undefined {
  const ast = parse(`x eq ${word}`).ast;
  return ast?.kind === 'predicate' ? (ast.operand as Scalar).kind : undefined;
}

/** The kind by the pattern the parser used before the loop. */
function referenceKind(word: string): string {
  if (/^-?\d+(?:\.\d+)?$/.test(word)) return 'number';
  return word === 'true' || word === 'false' ? 'boolean' : 'word';
}

describe('bare words as numbers', () => {
  it.each(['0', '-0', '12', '-12', '1.5', '-1.50', '1.', '.5', '-', '-.5', '1.2.3', '1e3', '0x1f', '+5', '1-2', '--1', 'true', 'false', 'True', 'a1', '١٢'])(
    '%j as the pattern read it',
    (word) => expect(kindOf(word)).toBe(referenceKind(word)),
  );

  it('on words of digits, signs, points and letters', () => {
    const word = fc.array(fc.constantFrom('0', '5', '9', '-', '.', 'e', 'x', '\u0660'), { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(word, (w) => {
        expect(kindOf(w)).toBe(referenceKind(w));
      }),
    );
  });
});
