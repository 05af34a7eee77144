/**
 * Where a few values of a large JSON text sit, by JSON Pointer. A plan of tens of MB holds millions
 * of values and a check needs the places of a few per job; a reader that keeps every value's place
 * takes tens of seconds on such a plan, while this walk builds pointers only along the paths asked
 * for and skips everything else by counting brackets. It runs on text JSON.parse has accepted.
 */
import { childPointer, type Span } from '@logfilter/core';

/** The span of each wanted pointer's value in `text` (valid JSON); a pointer that names nothing is absent. */
export function placesOf(text: string, wanted: ReadonlySet<string>): Map<string, Span> {
  // The containers to walk into: those holding a wanted value.
  const onPath = new Set<string>();
  for (const pointer of wanted) {
    for (let at = pointer; at !== ''; ) {
      at = at.slice(0, at.lastIndexOf('/'));
      onPath.add(at);
    }
  }
  const found = new Map<string, Span>();
  const start = space(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  walk(text, '', start, wanted, onPath, found);
  return found;
}

/** Walks the value at `i` (its pointer `pointer`): into it when a wanted pointer lies inside, over it otherwise; returns where it ends. */
function walk(text: string, pointer: string, i: number, wanted: ReadonlySet<string>, onPath: ReadonlySet<string>, found: Map<string, Span>): number {
  const start = i;
  const open = text[i];
  let end: number;
  if ((open === '{' || open === '[') && onPath.has(pointer)) {
    const close = open === '{' ? '}' : ']';
    let index = 0;
    i = space(text, i + 1);
    while (text[i] !== close) {
      let segment: string | number = index++;
      if (open === '{') {
        const keyEnd = skipString(text, i);
        segment = JSON.parse(text.slice(i, keyEnd)) as string;
        i = space(text, space(text, keyEnd) + 1);
      }
      i = space(text, walk(text, childPointer(pointer, segment), i, wanted, onPath, found));
      if (text[i] === ',') i = space(text, i + 1);
    }
    end = i + 1;
  } else {
    end = skipValue(text, i);
  }
  if (wanted.has(pointer)) found.set(pointer, { start, end });
  return end;
}

function space(text: string, i: number): number {
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
    i++;
  }
  return i;
}

/** The end of the string whose opening quote is at `i`: the first quote after it not escaped by an odd run of backslashes. */
function skipString(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The end of the value at `i`, without looking inside it beyond its brackets and strings (no recursion, whatever its depth). */
function skipValue(text: string, i: number): number {
  const first = text[i];
  if (first === '"') return skipString(text, i);
  if (first !== '{' && first !== '[') {
    while (i < text.length && !',}] \t\n\r'.includes(text[i])) i++;
    return i;
  }
  let depth = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      i = skipString(text, i);
      continue;
    }
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}
