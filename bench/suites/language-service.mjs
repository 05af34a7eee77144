// The editor's per-keystroke work on a ~1000-byte filter: completion and diagnostics, against
// compile alone and JSON.parse of the compiled output measured in the same run.
import { compile, complete, diagnostics, hover } from '@logfilter/core';
import { row, timePerCall } from '../lib.mjs';

export const title = 'language service (per keystroke, ~1000-byte filter)';

/** About 1000 bytes of source, comments included, as a user would keep it in an editor. */
export const KEYSTROKE_FILTER = [
  '# production traffic worth keeping: errors, bots and slow origins',
  'ClientRequestHost in (example.com, www.example.com, api.example.com, static.example.com)',
  'AND ClientCountry !in (cn, ru, kp, ir)',
  '# skip the probes',
  'AND NOT (ClientRequestPath startsWith /health OR ClientRequestPath startsWith /metrics OR ClientRequestPath endsWith .ico)',
  'AND (EdgeResponseStatus geq 500 OR (EdgeResponseStatus geq 400 AND BotScore lt 30) OR WAFAttackScore leq 20)',
  'AND ClientRequestMethod in (GET, POST, PUT, DELETE)',
  'AND (CacheCacheStatus eq miss OR CacheCacheStatus eq expired OR CacheCacheStatus eq bypass)',
  'AND EdgeResponseBytes gt 1024 AND OriginResponseDurationMs geq 250',
  'AND ClientRequestUserAgent !contains "kube-probe" AND ClientRequestScheme eq https',
  'AND (ClientIPClass in (badHost, scan, tor) OR ClientMTLSAuthStatus in (untrusted, expired))',
  'AND EdgeColoCode !in (SJC, LAX, ORD, IAD, AMS, FRA, LHR, NRT, SIN, SYD)',
  'AND (ClientRequestReferer contains "search" OR ClientRequestURI endsWith .php)',
].join('\n');

export async function run() {
  const text = KEYSTROKE_FILTER;
  const compiled = compile(text);
  const codes = compiled.diagnostics.map((d) => d.code);
  if (compiled.json === undefined || codes.some((c) => c !== 'filter-too-large')) {
    throw new Error(`bench filter does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  }
  const json = compiled.json;
  const end = text.length;
  const middle = text.indexOf('BotScore') + 3;
  // Warm the JIT for every path first, so the first row measured is not the one paying for it.
  for (let i = 0; i < 2000; i++) {
    complete(text, end);
    complete(text, middle);
    hover(text, middle);
    compile(text);
  }
  const completeEndNs = timePerCall(() => complete(text, end));
  const completeMiddleNs = timePerCall(() => complete(text, middle));
  const keystrokeNs = timePerCall(() => {
    complete(text, end);
    diagnostics(text);
  });
  const hoverNs = timePerCall(() => hover(text, middle));
  const compileNs = timePerCall(() => compile(text));
  const parseNs = timePerCall(() => JSON.parse(json));
  const label = `${Buffer.byteLength(text)} B in`;
  return [
    row(`complete at the end (${label})`, completeEndNs / 1000, 'µs', 'compile of the same text', compileNs / 1000, 1),
    row('complete in the middle (a field name)', completeMiddleNs / 1000, 'µs', 'compile of the same text', compileNs / 1000, 1),
    row('hover over a field', hoverNs / 1000, 'µs', 'compile of the same text', compileNs / 1000, 1),
    row('one keystroke: complete + diagnostics', keystrokeNs / 1000, 'µs', 'compile of the same text', compileNs / 1000, 2),
    row('one keystroke: complete + diagnostics', keystrokeNs / 1000, 'µs', `JSON.parse of the ${Buffer.byteLength(json)} B output`, parseNs / 1000, 10),
  ];
}
