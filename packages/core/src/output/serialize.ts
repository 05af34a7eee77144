/** The serializer: compact filter JSON, and the service's limits checked on the final output. */
import type { Criterion, FilterNode, TypedValue } from '../check/checked.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import { exactNumber } from '../base/exact-numbers.js';
import { filterMessage } from '../base/filter-messages.js';
import { bytesLimitRemedy, operatorsLimitRemedy } from './limit-hints.js';

/** `documented`: scalars as JSON strings (the service documentation's style); `typed`: numbers and booleans as such. */
export type ValueStyle = 'documented' | 'typed';

/**
 * A criterion's value as the filter object holds it. A number is exact, read from the JSON text as
 * `parseJsonExact` reads it: an integer past 2^53 (in -2^63..2^64-1) is a bigint, any other number
 * a double. Numbers appear with `values: 'typed'`, and in lists of numbers in either style.
 */
export type FilterValue = string | number | bigint | boolean | Array<string | number | bigint>;
export type FilterCriterion = { key: string; operator: string; value: FilterValue };
export type FilterGroup = { and: FilterObject[] } | { or: FilterObject[] };
export type FilterObject = FilterCriterion | FilterGroup;
export interface FilterJson {
  where: FilterObject;
}

export const DEFAULT_MAX_BYTES = 1000;
export const DEFAULT_MAX_OPERATORS = 30;

export function serialize(root: FilterNode, style: ValueStyle = 'documented'): string {
  return output(root, style).json;
}

/** JSON text with its size: `bytes` of UTF-8, `operators` (criteria) it holds. */
export interface Written {
  json: string;
  bytes: number;
  operators: number;
}

/**
 * The filter's JSON text, its bytes and its criteria, counted in the one pass that writes it.
 * `plain`: the caller knows that no value holds a character JSON escapes or one beyond ASCII (compile
 * knows it of the text it read them from), and values are written without a look at each character.
 * Keys are still looked at: a dataset may give a field a name other than the one asked for.
 */
export function output(root: FilterNode, style: ValueStyle, plain?: boolean): Written {
  const writer = new Writer(style, plain);
  return writer.written(`{"where":${writer.node(root)}}`);
}

/** One node's JSON text and size, alone (for the limit hints, and the optimiser's duplicate keys). */
export function writeNode(node: FilterNode, style: ValueStyle): Written {
  const writer = new Writer(style);
  return writer.written(writer.node(node));
}

/**
 * Each criterion's text up to its value, by key and operator: `bare` ends where the value starts
 * (`{"key":"BotScore","operator":"lt","value":`), `quoted` also opens a string value (`...,"value":"`).
 * The same fields and operators recur from filter to filter, and one string made once costs less
 * than its five pieces joined on every write (a tenth of a compile). Emptied when it holds
 * `MAX_CACHED_KEYS` keys, so that a process decompiling filters with ever new keys stays small.
 */
interface Prefix {
  bare: string;
  quoted: string;
}
const PREFIXES = new Map<string, Map<string, Prefix>>();
const MAX_CACHED_KEYS = 2000;

/**
 * Writes each node's text as a string built from its members' strings (about twice as fast as
 * appending to one string held in a field), with as few joins as it can: a string value is written
 * between a prefix that opens its quote and `"}`, and a list of strings with `","` between its
 * values, so no value is first made into a quoted string of its own. The UTF-8 length is the text's
 * length plus `extra`, the bytes beyond one per character, which only a string with something to
 * escape or non-ASCII text adds.
 */
class Writer {
  private extra = 0;
  private operators = 0;

  constructor(
    private readonly style: ValueStyle,
    private readonly plain?: boolean,
  ) {}

  node(node: FilterNode): string {
    if (node.kind === 'criterion') {
      this.operators++;
      const prefix = this.prefix(node.key, node.operator);
      const value = node.value;
      if (Array.isArray(value)) return this.list(prefix.bare, value);
      // Numbers and booleans are canonical ASCII text, written as they are (in quotes but for typed values).
      if (value.type !== 'string') return this.style === 'typed' ? `${prefix.bare}${value.text}}` : `${prefix.quoted}${value.text}"}`;
      return `${prefix.quoted}${this.value(value.text)}"}`;
    }
    let out = node.kind === 'and' ? '{"and":[' : '{"or":[';
    const operands = node.operands;
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) out += ',';
      out += this.node(operands[i]);
    }
    return `${out}]}`;
  }

  /** A criterion's text up to its value, from the cache when its key needs no escape. */
  private prefix(key: string, operator: string): Prefix {
    let byOperator = PREFIXES.get(key);
    const cached = byOperator?.get(operator);
    if (cached !== undefined) return cached;
    const extra = this.extra;
    const bare = `{"key":"${this.inner(key)}","operator":"${operator}","value":`;
    const prefix = { bare, quoted: `${bare}"` };
    // A key with bytes beyond one per character counts them on every write: it is not cached.
    if (this.extra === extra) {
      if (!byOperator) {
        if (PREFIXES.size >= MAX_CACHED_KEYS) PREFIXES.clear();
        byOperator = new Map();
        PREFIXES.set(key, byOperator);
      }
      byOperator.set(operator, prefix);
    }
    return prefix;
  }

  written(json: string): Written {
    return { json, bytes: json.length + this.extra, operators: this.operators };
  }

  /** A list criterion's text after its prefix: all numbers or all strings (the checker sees to it). */
  private list(prefix: string, values: TypedValue[]): string {
    if (values[0].type === 'number') {
      let out = `${prefix}[${values[0].text}`;
      for (let i = 1; i < values.length; i++) out += `,${values[i].text}`;
      return `${out}]}`;
    }
    let out = `${prefix}["${this.value(values[0].text)}`;
    for (let i = 1; i < values.length; i++) out += `","${this.value(values[i].text)}`;
    return `${out}"]}`;
  }

  /** A value's text between its quotes: as it is when the caller knows the values plain (`output`). */
  private value(text: string): string {
    return this.plain ? text : this.inner(text);
  }

  /**
   * A JSON string's text between its quotes: the text as it is when printable ASCII without `"` or
   * `\`, else escaped by JSON.stringify.
   */
  private inner(text: string): string {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code >= 0x80 || code === 0x22 || code === 0x5c) {
        const quoted = JSON.stringify(text);
        this.extra += utf8Length(quoted) - quoted.length;
        return quoted.slice(1, -1);
      }
    }
    return text;
  }
}

/** The filter as an object, equal to `parseJsonExact` of the JSON text (integers past 2^53 as bigints). */
export function toObject(root: FilterNode, style: ValueStyle = 'documented'): FilterJson {
  return { where: objectOf(root, style) };
}

function objectOf(node: FilterNode, style: ValueStyle): FilterObject {
  if (node.kind !== 'criterion') {
    const operands: FilterObject[] = new Array(node.operands.length);
    for (let i = 0; i < operands.length; i++) operands[i] = objectOf(node.operands[i], style);
    return node.kind === 'and' ? { and: operands } : { or: operands };
  }
  return { key: node.key, operator: node.operator, value: filterValue(node.value, style) };
}

function filterValue(value: TypedValue | TypedValue[], style: ValueStyle): FilterValue {
  if (Array.isArray(value)) {
    const list: Array<string | number | bigint> = new Array(value.length);
    for (let i = 0; i < value.length; i++) list[i] = value[i].type === 'number' ? exactNumber(value[i].text) : value[i].text;
    return list;
  }
  if (style === 'documented' || value.type === 'string') return value.text;
  return value.type === 'number' ? exactNumber(value.text) : value.text === 'true';
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Bytes of the UTF-8 encoding of a string. */
export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

function countCriteria(node: FilterNode): number {
  if (node.kind === 'criterion') return 1;
  let count = 0;
  for (const operand of node.operands) count += countCriteria(operand);
  return count;
}

export interface Limits {
  maxBytes: number;
  maxOperators: number;
}

/** Reports a filter over the byte or operator limit, naming the part of the source that costs most. */
export function checkLimits(root: FilterNode, stats: { bytes: number; operators: number }, limits: Limits, style: ValueStyle, bag: DiagnosticBag): void {
  const members = root.kind === 'criterion' ? [root] : root.operands;
  const source = bag.source?.text ?? '';
  const excerpt = (node: FilterNode) => {
    const text = source.slice(node.span.start, node.span.end).replace(/\s+/g, ' ');
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  };
  if (stats.bytes > limits.maxBytes) {
    const sizes = members.map((member) => writeNode(member, style).bytes);
    const largest = indexOfMax(sizes);
    const words = filterMessage('filter-too-large', 'overBytes', {
      bytes: stats.bytes,
      limit: limits.maxBytes,
      largest: excerpt(members[largest]),
      largestBytes: sizes[largest],
      remedy: bytesLimitRemedy(root, members[largest]),
    });
    bag.report('error', words, members[largest].span);
  }
  if (stats.operators > limits.maxOperators) {
    const counts = members.map(countCriteria);
    const largest = indexOfMax(counts);
    const over = nthCriterion(root, limits.maxOperators);
    const costliest = counts[largest] > 1 ? { costliest: excerpt(members[largest]), criteria: counts[largest] } : {};
    const words = filterMessage('too-many-operators', 'overOperators', {
      operators: stats.operators,
      limit: limits.maxOperators,
      ...costliest,
      remedy: operatorsLimitRemedy(root),
    });
    bag.report('error', words, over.span);
  }
}

function indexOfMax(values: number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/** The criterion at 0-based position `n` in output order. */
function nthCriterion(root: FilterNode, n: number): Criterion {
  const stack: FilterNode[] = [root];
  let seen = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'criterion') {
      if (seen++ === n) return node;
    } else {
      for (let i = node.operands.length - 1; i >= 0; i--) stack.push(node.operands[i]);
    }
  }
  throw new Error('unreachable: fewer criteria than counted');
}

/** Indents compact JSON text for reading, without re-parsing it (numbers stay exactly as written). */
export function prettyJson(json: string, indent = '  '): string {
  let out = '';
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      out += char;
      if (char === '\\') out += json[++i];
      else if (char === '"') inString = false;
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        out += char;
        break;
      case '{':
      case '[':
        if (json[i + 1] === (char === '{' ? '}' : ']')) {
          out += char + json[++i];
          break;
        }
        depth++;
        out += `${char}\n${indent.repeat(depth)}`;
        break;
      case '}':
      case ']':
        depth--;
        out += `\n${indent.repeat(depth)}${char}`;
        break;
      case ',':
        out += `,\n${indent.repeat(depth)}`;
        break;
      case ':':
        out += ': ';
        break;
      default:
        out += char;
    }
  }
  return out;
}
