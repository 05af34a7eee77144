/** `canonicalNumber` reads integers already canonical with a loop instead of a pattern: the same answers as the pattern gave. */
import { canonicalNumber } from '@logfilter/core';
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
