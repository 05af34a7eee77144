/** Quoted strings: JSON escapes in both quote styles, plus \' in single quotes. */
import { filterMessage } from '../base/filter-messages.js';
import type { DiagnosticBag } from '../base/diagnostics.js';

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The value of a quoted token (quotes included in `image`); bad escapes are reported into `bag`. */
export function unescapeString(image: string, offset: number, bag: DiagnosticBag): string {
  const body = image.slice(1, -1);
  if (!body.includes('\\')) return body;
  const quote = image[0];
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = body[i + 1];
    const at = offset + 1 + i;
    if (next === 'u') {
      const hex = body.slice(i + 2, i + 6);
      if (/^[0-9a-fA-F]{4}$/.test(hex)) {
        out += String.fromCharCode(parseInt(hex, 16));
        i += 5;
        continue;
      }
      bag.report('error', filterMessage('invalid-escape', 'shortUnicode', {}), { start: at, end: at + 2 + hex.replace(/[^0-9a-fA-F].*$/, '').length });
      i += 1;
      continue;
    }
    if (next in SIMPLE_ESCAPES || (next === "'" && quote === "'")) {
      out += next === "'" ? "'" : SIMPLE_ESCAPES[next];
      i += 1;
      continue;
    }
    bag.report('error', filterMessage('invalid-escape', 'unknown', { next, singleQuoted: quote === "'" }), { start: at, end: at + 2 });
    i += 1;
  }
  return out;
}
