/**
 * Which lines the DuckDB engine leaves to JSON.parse (line-reader.ts's judgeLine): those whose
 * reading by DuckDB's JSON parser might differ from JSON.parse's. DuckDB takes the first of two
 * equal keys where JSON.parse takes the last, and it accepts a trailing comma and the literals
 * NaN, Infinity and inf, which JSON.parse refuses. The test is on the text, so it may doubt a line
 * needlessly (the judgement is the same, only slower) but never misses one: a key the filter names
 * whose quoted spelling occurs twice, or any character of such a key written as an escape (which
 * can spell a key a second time unseen), or a comma before a closing bracket, or a value starting
 * like one of those literals.
 */

/** JSON's two-character escapes, by the character they stand for. */
const SHORT_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

/** An SQL boolean: whether the line in `column` is in doubt for a filter naming `keys`. */
export function doubtSql(column: string, keys: string[]): string {
  const patterns = [
    // a trailing comma; a value starting as NaN, nan, Infinity or inf (null starts "nu")
    ',[ \\t]*[\\]}]',
    '[:,\\[][ \\t]*-?(?:[iI]|[nN][aA])',
    ...keys.map((key) => `${quoted(key)}.*${quoted(key)}`),
  ];
  const units = new Set<number>();
  for (const key of keys) for (let i = 0; i < key.length; i++) units.add(key.charCodeAt(i));
  const hex = [...units].map((unit) => unit.toString(16).padStart(4, '0'));
  const short = [...units].map((unit) => SHORT_ESCAPES[String.fromCharCode(unit)]).filter((spelling) => spelling !== undefined);
  if (hex.length > 0) patterns.push(`\\\\(?:u(?i:${hex.join('|')})${short.length > 0 ? `|[${short.join('')}]` : ''})`);
  return `regexp_matches(${column}, '${patterns.join('|').replace(/'/g, "''")}')`;
}

/** The key as JSON writes it, quotes included, as a regular expression matching just that text. */
function quoted(key: string): string {
  return JSON.stringify(key).replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
