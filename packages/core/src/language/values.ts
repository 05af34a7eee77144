/** Reading literal values by type, and their canonical forms. */

/** Already canonical: most numbers in filters. */
const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The canonical text of a decimal number (`2.0` -> `2`, `1.50` -> `1.5`, `-0` -> `0`), or undefined. */
export function canonicalNumber(text: string): { text: string; integral: boolean } | undefined {
  if (CANONICAL_INTEGER.test(text)) return { text, integral: true };
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = whole === '0' && fraction === '';
  const sign = match[1] && !zero ? '-' : '';
  return { text: sign + whole + (fraction ? `.${fraction}` : ''), integral: fraction === '' };
}
