/**
 * The shape checks of decompile: a filter document's `where` tree read into the syntax tree the
 * checker takes, with a diagnostic (and its JSON Pointer) for every node that is not a criterion or
 * a group as the service defines them.
 */
import { didYouMean, didYouMeanJson } from '../base/messages.js';
import type { Expr, List, Predicate, Scalar } from '../syntax/ast.js';
import type { Dataset, Field } from '../language/catalog.js';
import type { Span } from '../base/diagnostics.js';
import type { DiagnosticBag, DiagnosticCode } from '../base/diagnostics.js';
import type { JsonDocument } from './decompile-source.js';
import { childPointer, describeJson, isObject } from '../base/json-source.js';
import { DEPRECATED_SPELLINGS, LIST_OPERATORS, OPERATORS, operatorFromSpelling, SCALAR_NUMBER_OPERATORS, type Operator } from '../language/operators.js';
import { classifyWord } from '../syntax/parse.js';
import { closest } from '../base/suggest.js';
import { suggestOperator } from '../language/operator-suggest.js';
import { valueFacts } from '../language/field-types.js';

const CRITERION_MEMBERS = ['key', 'operator', 'value'] as const;
const GROUP_MEMBERS = ['and', 'or'] as const;
/** Names users reach for instead of the service's own. */
const MEMBER_ALIASES: Record<string, string> = {
  field: 'key',
  name: 'key',
  op: 'operator',
  operation: 'operator',
  comparison: 'operator',
  values: 'value',
  val: 'value',
};
export const CRITERION_EXAMPLE = '{"key": "ClientCountry", "operator": "eq", "value": "us"}';

/** What decompile needs to know about each criterion afterwards, by its pointer. */
export interface CriterionInfo {
  key: string;
  operator: Operator;
  value: unknown;
  field: Field | undefined;
}

export class TreeReader {
  readonly criteria = new Map<string, CriterionInfo>();

  constructor(
    private readonly doc: JsonDocument,
    /** The pointer into `doc` of a pointer into the filter document (`/filter/where` for `/where` in a job). */
    private readonly docPointer: (pointer: string) => string,
    private readonly report: DiagnosticBag,
    private readonly dataset: Dataset | undefined,
    private readonly maxDepth: number,
    /** Values in the typed style: a string is a string even where a number could be. */
    private readonly typedValues: boolean,
  ) {}

  /** Reads the node at `pointer` (relative to the filter document); undefined when it is unusable. */
  node(value: unknown, pointer: string, depth: number): Expr | undefined {
    if (!isObject(value)) {
      this.error(
        pointer,
        'expected-object',
        `a filter node must be an object, not ${describeJson(value)}`,
        `a criterion is ${CRITERION_EXAMPLE}; a group is {"and": [...]} or {"or": [...]}`,
      );
      return undefined;
    }
    const names = Object.keys(value);
    const groups = GROUP_MEMBERS.filter((name) => name in value);
    const criterionNames = CRITERION_MEMBERS.filter((name) => name in value);
    const allowed: readonly string[] =
      groups.length > 0 ? GROUP_MEMBERS : criterionNames.length > 0 ? CRITERION_MEMBERS : [...CRITERION_MEMBERS, ...GROUP_MEMBERS];
    for (const name of names) {
      if (!allowed.includes(name) && !(groups.length > 0 && (CRITERION_MEMBERS as readonly string[]).includes(name)))
        this.unknownMember(pointer, name, allowed);
    }
    if (groups.length === 2) {
      this.error(pointer, 'mixed-group', 'one node holds both "and" and "or"', 'a group has one of them; nest one in the other: {"and": [..., {"or": [...]}]}');
      return this.checkOnly(
        groups.map((kind) => this.group(value, kind, pointer, depth)),
        pointer,
      );
    }
    if (groups.length === 1 && criterionNames.length > 0) {
      this.error(
        pointer,
        'group-with-criterion',
        `a group cannot also be a criterion: this "${groups[0]}" node has ${criterionNames.map((n) => `"${n}"`).join(', ')}`,
        `move the criterion into the group's list: {"${groups[0]}": [${CRITERION_EXAMPLE}, ...]}`,
      );
      return this.group(value, groups[0], pointer, depth);
    }
    if (groups.length === 1) return this.group(value, groups[0], pointer, depth);
    if (criterionNames.length > 0) return this.criterion(value, pointer);
    if (names.length === 0)
      this.error(pointer, 'empty-node', 'an empty object is neither a criterion nor a group', `write a criterion such as ${CRITERION_EXAMPLE}`);
    return undefined;
  }

  private group(value: Record<string, unknown>, kind: 'and' | 'or', pointer: string, depth: number): Expr | undefined {
    const at = childPointer(pointer, kind);
    const members = value[kind];
    if (depth >= this.maxDepth) {
      this.error(
        pointer,
        'nesting-too-deep',
        `the filter is nested more than ${this.maxDepth} levels deep`,
        'nested groups of the same kind mean the same flattened',
      );
      return undefined;
    }
    if (!Array.isArray(members)) {
      this.error(
        at,
        'expected-array',
        `"${kind}" takes an array of criteria and groups, not ${describeJson(members)}`,
        `write {"${kind}": [${CRITERION_EXAMPLE}, ...]}`,
      );
      return undefined;
    }
    if (members.length === 0) {
      this.error(at, 'empty-group', `the "${kind}" group is empty`, 'a group needs at least one member: add criteria to it, or remove it');
      return undefined;
    }
    const operands: Expr[] = [];
    members.forEach((member, i) => {
      const operand = this.node(member, childPointer(at, i), depth + 1);
      if (operand) operands.push(operand);
    });
    // Members in error are reported already; the rest still go through the type checks.
    return operands.length > 0 ? { kind, operands, span: this.span(pointer) } : undefined;
  }

  /** A group of what could be read, so that the type checks still see it (the node itself is in error). */
  private checkOnly(operands: Array<Expr | undefined>, pointer: string): Expr | undefined {
    const read = operands.filter((operand): operand is Expr => operand !== undefined);
    return read.length > 0 ? { kind: 'and', operands: read, span: this.span(pointer) } : undefined;
  }

  private criterion(value: Record<string, unknown>, pointer: string): Predicate | undefined {
    const missing = CRITERION_MEMBERS.filter((name) => !(name in value));
    if (missing.length > 0) {
      const names = missing.map((name) => `"${name}"`).join(' or ');
      this.error(pointer, 'missing-member', `the criterion has no ${names}`, `a criterion has "key", "operator" and "value": ${CRITERION_EXAMPLE}`);
    }
    const key = this.stringMember(value, 'key', pointer, 'a field name');
    const operator = this.operator(value, pointer);
    if (missing.length > 0 || key === undefined || operator === undefined) return undefined;
    const field = this.dataset?.field(key);
    this.criteria.set(pointer, { key, operator, value: value.value, field });
    const operand = this.operand(value.value, childPointer(pointer, 'value'), operator, field);
    if (!operand) return undefined;
    return {
      kind: 'predicate',
      field: { name: key, span: this.span(childPointer(pointer, 'key')) },
      operator: { spelling: operator, span: this.span(childPointer(pointer, 'operator')) },
      operand,
      span: this.span(pointer),
    };
  }

  private stringMember(value: Record<string, unknown>, name: string, pointer: string, what: string): string | undefined {
    const member = value[name];
    if (member === undefined || typeof member === 'string') return member;
    this.error(
      childPointer(pointer, name),
      'wrong-json-type',
      `"${name}" must be a string (${what}), not ${describeJson(member)}`,
      `write it in double quotes: ${CRITERION_EXAMPLE}`,
    );
    return undefined;
  }

  private operator(value: Record<string, unknown>, pointer: string): Operator | undefined {
    const spelling = this.stringMember(value, 'operator', pointer, 'an operator');
    if (spelling === undefined || (OPERATORS as readonly string[]).includes(spelling)) return spelling as Operator | undefined;
    const canonical = operatorFromSpelling(spelling);
    const guess = canonical ?? suggestOperator(spelling);
    const hint =
      canonical && DEPRECATED_SPELLINGS.has(spelling.toLowerCase())
        ? `'${spelling}' is an old spelling; the service takes '${canonical}'`
        : guess
          ? `${didYouMean(guess)} the service takes only the exact spellings ${OPERATORS.join(', ')}`
          : `the operators are ${OPERATORS.join(', ')}`;
    this.error(childPointer(pointer, 'operator'), 'unknown-operator', `'${spelling}' is not an operator`, hint);
    return undefined;
  }

  private operand(value: unknown, pointer: string, operator: Operator, field: Field | undefined): Scalar | List | undefined {
    // An `int or string` field reads a JSON string as text, unless it may be a number written as
    // a string (the documented style writes every scalar so).
    const keepQuoted =
      field !== undefined &&
      valueFacts(field).reads === 'integer or text' &&
      (Array.isArray(value) || this.typedValues || !SCALAR_NUMBER_OPERATORS.has(operator));
    if (!Array.isArray(value)) return this.scalar(value, pointer, keepQuoted);
    if (LIST_OPERATORS.has(operator) && field && !this.listTypesFit(value, pointer, field)) return undefined;
    const items: Scalar[] = [];
    value.forEach((item, i) => {
      const scalar = this.scalar(item, childPointer(pointer, i), keepQuoted);
      if (scalar) items.push(scalar);
    });
    if (items.length !== value.length) return undefined;
    return { kind: 'list', items, bracket: '[', span: this.span(pointer) };
  }

  /**
   * A JSON value as the text would hold it. Strings read like bare words (a number in a string is
   * the documented style), unless `keepQuoted`, where they stay text.
   */
  private scalar(value: unknown, pointer: string, keepQuoted: boolean): Scalar | undefined {
    const span = this.span(pointer);
    if (typeof value === 'string') return { kind: keepQuoted ? 'string' : classifyWord(value), value, span };
    if (typeof value === 'boolean') return { kind: 'boolean', value: String(value), span };
    if (typeof value === 'number') {
      const raw = this.report.source!.text.slice(span.start, span.end);
      const text = /^-?\d+(?:\.\d+)?$/.test(raw) ? raw : String(value);
      return { kind: classifyWord(text), value: text, span };
    }
    this.error(
      pointer,
      'wrong-value-type',
      `a value must be a string, a number or a boolean, not ${describeJson(value)}`,
      `for example "value": "us", or "value": ["us", "ca"] for in and !in`,
    );
    return undefined;
  }

  /** The service decodes an `in` list by the field's type: numbers for int fields, strings for text. */
  private listTypesFit(values: unknown[], pointer: string, field: Field): boolean {
    const facts = valueFacts(field);
    const wanted = facts.json === 'number' || facts.json === 'string' ? facts.json : undefined;
    if (!wanted && facts.reads !== 'integer or text') return true;
    const scalars = values.filter((v) => typeof v === 'string' || typeof v === 'number');
    const expected = wanted ?? typeof scalars[0];
    const offending = values.findIndex((v) => (typeof v === 'string' || typeof v === 'number') && typeof v !== expected);
    if (offending === -1) return true;
    const fixed = scalars.map((v) => (wanted === 'number' ? Number(v) : String(v)));
    const example = wanted && fixed.every((v) => typeof v === 'string' || Number.isFinite(v)) ? `: "value": ${JSON.stringify(fixed)}` : '';
    this.error(
      childPointer(pointer, offending),
      'wrong-value-type',
      wanted
        ? `the list of ${field.type} field '${field.name}' takes ${wanted === 'number' ? 'numbers' : 'strings'}, not ${describeJson(values[offending])}`
        : `the list of '${field.name}' mixes numbers and strings`,
      wanted
        ? `the service reads the list by the field's type; write ${wanted === 'number' ? 'numbers without quotes' : 'every value in quotes'}${example}`
        : 'write all numbers, or all strings',
    );
    return false;
  }

  private unknownMember(pointer: string, name: string, allowed: readonly string[]): void {
    const member = childPointer(pointer, name);
    const alias = MEMBER_ALIASES[name.toLowerCase()];
    const guess = name === 'where' ? undefined : ((alias && allowed.includes(alias) ? alias : undefined) ?? closest(name, allowed));
    const hint =
      name === 'where'
        ? '"where" belongs only at the root of the filter'
        : guess
          ? didYouMeanJson(guess)
          : `a criterion has "key", "operator" and "value"; a group has "and" or "or"`;
    this.report.error('unknown-member', { span: this.doc.keySpan(this.docPointer(member)), pointer: member }, `unknown member "${name}"`, hint);
  }

  private error(pointer: string, code: DiagnosticCode, message: string, hint: string): void {
    this.report.error(code, { span: this.doc.span(this.docPointer(pointer)), pointer: pointer }, message, hint);
  }

  /** The input span of the value at `pointer`, named for the diagnostics of later phases. */
  private span(pointer: string): Span {
    return this.report.name(this.doc.span(this.docPointer(pointer)), pointer);
  }
}
