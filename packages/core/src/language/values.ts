/** Reading literal values by type, and their canonical forms. */

/** Already canonical, as `^(?:0|-?[1-9]\d*)$` says: most numbers in filters (a loop, as a pattern costs more here). */
function isCanonicalInteger(text: string): boolean {
  if (text === '0') return true;
  let i = text.charCodeAt(0) === 0x2d ? 1 : 0;
  const first = text.charCodeAt(i);
  if (!(first >= 0x31 && first <= 0x39)) return false;
  for (i++; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The canonical text of a decimal number (`2.0` -> `2`, `1.50` -> `1.5`, `-0` -> `0`), or undefined. */
export function canonicalNumber(text: string): { text: string; integral: boolean } | undefined {
  if (isCanonicalInteger(text)) return { text, integral: true };
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = whole === '0' && fraction === '';
  const sign = match[1] && !zero ? '-' : '';
  return { text: sign + whole + (fraction ? `.${fraction}` : ''), integral: fraction === '' };
}
