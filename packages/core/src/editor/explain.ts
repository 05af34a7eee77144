/**
 * A filter in plain English, one line per criterion, as a reviewer reads it in a pull request;
 * and the operator table (`logfilter operators`). Explains the compiled output, so what is read
 * is what the job will do (NOT pushed to the leaves, lists merged).
 */
import { compile, type CompileOptions } from '../compile.js';
import type { Diagnostic } from '../base/diagnostics.js';
import {
  aliasesOf,
  DEPRECATED_SPELLINGS,
  factsOf,
  OPERATOR_MATRIX,
  OPERATORS,
  operatorFromSpelling,
  type Operator,
  type TypeFamily,
} from '../language/operators.js';
import type { FilterObject, FilterValue } from '../output/serialize.js';

export interface Explanation {
  ok: boolean;
  /** The lines of the explanation; nested groups are indented by two spaces a level. */
  lines: string[];
  diagnostics: Diagnostic[];
}

export function explain(text: string, options: CompileOptions = {}): Explanation {
  // Typed values, so that a string shows quoted and a number or boolean bare (`ClientSSLProtocol is not "none"`).
  const result = compile(text, { ...options, values: 'typed' });
  if (!result.ok || !result.filter) return { ok: false, lines: [], diagnostics: result.diagnostics };
  const root = result.filter.where;
  const lines =
    'key' in root ? [`delivers records where ${criterionText(root.key, root.operator, root.value)}`] : groupLines(root, 0, 'delivers records where');
  return { ok: true, lines, diagnostics: result.diagnostics };
}

function groupLines(node: FilterObject, depth: number, lead: string): string[] {
  const indent = '  '.repeat(depth);
  if ('key' in node) return [`${indent}- ${criterionText(node.key, node.operator, node.value)}`];
  const all = 'and' in node;
  const members = all ? node.and : (node as { or: FilterObject[] }).or;
  const head = `${indent}${lead} ${all ? 'all of these hold:' : 'any of these holds:'}`;
  return [head, ...members.flatMap((member) => groupLines(member, depth + 1, '-'))];
}

function criterionText(key: string, operator: string, value: FilterValue): string {
  const known = operatorFromSpelling(operator);
  const phrase = known ? factsOf(known).phrase : operator;
  const shown = Array.isArray(value) ? value.map(showValue).join(', ') : showValue(value);
  return `${key} ${phrase} ${shown}`;
}

/** A string value in double quotes (so `none` or `500` reads as a value, not a word); a number or boolean bare. */
function showValue(value: string | number | bigint | boolean): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

export interface OperatorRow {
  operator: Operator;
  meaning: string;
  aliases: string[];
  /** The field types that take it: string, int, float, bool, array[...]. */
  types: string[];
}

const FAMILY_NAMES: Readonly<Record<TypeFamily, string>> = { string: 'string', int: 'int, float', bool: 'bool', array: 'array[...]' };

/** Every operator with its meaning, other spellings and the field types that take it. */
export function operatorTable(): OperatorRow[] {
  const families = Object.keys(OPERATOR_MATRIX) as TypeFamily[];
  return OPERATORS.map((operator) => ({
    operator,
    meaning: factsOf(operator).meaning,
    // Spellings are matched case-insensitively; show them as written in the docs.
    aliases: aliasesOf(operator).map((alias) =>
      alias.startsWith('not ') ? `not ${factsOf(operator).negation}` : DEPRECATED_SPELLINGS.has(alias) ? `${alias} (deprecated)` : alias,
    ),
    types: families.filter((family) => factsOf(operator).families.includes(family)).map((family) => FAMILY_NAMES[family]),
  }));
}
