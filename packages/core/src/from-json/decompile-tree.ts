import { jsonMessage } from '../base/json-messages.js';
import type { Worded } from '../base/messages.js';
import type { Expr, List, Predicate, Scalar } from '../syntax/ast.js';
import type { Dataset, Field } from '../language/catalog.js';
import type { Span } from '../base/diagnostics.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import type { JsonDocument } from './decompile-source.js';
import { childPointer } from '../base/json-source.js';
import { describeJson, isObject } from '../base/json-values.js';
import { comparesOneNumber, DEPRECATED_SPELLINGS, factsOf, OPERATORS, operatorFromSpelling, type Operator } from '../language/operators.js';
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
      this.error(pointer, jsonMessage('expected-object', 'node', { value: describeJson(value) }));
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
      this.error(pointer, jsonMessage('mixed-group', 'andAndOr', {}));
      return this.checkOnly(
        groups.map((kind) => this.group(value, kind, pointer, depth)),
        pointer,
      );
    }
    if (groups.length === 1 && criterionNames.length > 0) {
      this.error(pointer, jsonMessage('group-with-criterion', 'both', { group: groups[0], members: criterionNames }));
      return this.group(value, groups[0], pointer, depth);
    }
    if (groups.length === 1) return this.group(value, groups[0], pointer, depth);
    if (criterionNames.length > 0) return this.criterion(value, pointer);
    if (names.length === 0) this.error(pointer, jsonMessage('empty-node', 'empty', {}));
    return undefined;
  }

  private group(value: Record<string, unknown>, kind: 'and' | 'or', pointer: string, depth: number): Expr | undefined {
    const at = childPointer(pointer, kind);
    const members = value[kind];
    if (depth >= this.maxDepth) {
      this.error(pointer, jsonMessage('nesting-too-deep', 'tooDeepJson', { maxDepth: this.maxDepth }));
      return undefined;
    }
    if (!Array.isArray(members)) {
      this.error(at, jsonMessage('expected-array', 'group', { group: kind, value: describeJson(members) }));
      return undefined;
    }
    if (members.length === 0) {
      this.error(at, jsonMessage('empty-group', 'empty', { group: kind }));
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
      this.error(pointer, jsonMessage('missing-member', 'criterion', { missing }));
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
    this.error(childPointer(pointer, name), jsonMessage('wrong-json-type', 'criterionMember', { name, what, value: describeJson(member) }));
    return undefined;
  }

  private operator(value: Record<string, unknown>, pointer: string): Operator | undefined {
    const spelling = this.stringMember(value, 'operator', pointer, 'an operator');
    if (spelling === undefined || (OPERATORS as readonly string[]).includes(spelling)) return spelling as Operator | undefined;
    const canonical = operatorFromSpelling(spelling);
    const guess = canonical ?? suggestOperator(spelling);
    const oldSpellingOf = canonical && DEPRECATED_SPELLINGS.has(spelling.toLowerCase()) ? canonical : undefined;
    this.error(childPointer(pointer, 'operator'), jsonMessage('unknown-operator', 'inJson', { spelling, oldSpellingOf, guess, operators: OPERATORS }));
    return undefined;
  }

  private operand(value: unknown, pointer: string, operator: Operator, field: Field | undefined): Scalar | List | undefined {
    // An `int or string` field reads a JSON string as text, unless it may be a number written as
    // a string (the documented style writes every scalar so).
    const keepQuoted =
      field !== undefined && valueFacts(field).reads === 'integer or text' && (Array.isArray(value) || this.typedValues || !comparesOneNumber(operator));
    if (!Array.isArray(value)) return this.scalar(value, pointer, keepQuoted);
    if (factsOf(operator).list && field && !this.listTypesFit(value, pointer, field)) return undefined;
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
    this.error(pointer, jsonMessage('wrong-value-type', 'notScalar', { value: describeJson(value) }));
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
    const example = wanted && fixed.every((v) => typeof v === 'string' || Number.isFinite(v)) ? JSON.stringify(fixed) : undefined;
    const words = wanted
      ? jsonMessage('wrong-value-type', 'listOfType', { type: field.type, field: field.name, wanted, value: describeJson(values[offending]), example })
      : jsonMessage('wrong-value-type', 'mixedList', { field: field.name });
    this.error(childPointer(pointer, offending), words);
    return false;
  }

  private unknownMember(pointer: string, name: string, allowed: readonly string[]): void {
    const member = childPointer(pointer, name);
    const alias = MEMBER_ALIASES[name.toLowerCase()];
    const guess = name === 'where' ? undefined : ((alias && allowed.includes(alias) ? alias : undefined) ?? closest(name, allowed));
    const words = jsonMessage('unknown-member', 'inFilter', { name, guess });
    this.report.report('error', words, { span: this.doc.keySpan(this.docPointer(member)), pointer: member });
  }

  private error(pointer: string, words: Worded): void {
    this.report.report('error', words, { span: this.doc.span(this.docPointer(pointer)), pointer: pointer });
  }

  /** The input span of the value at `pointer`, named for the diagnostics of later phases. */
  private span(pointer: string): Span {
    return this.report.name(this.doc.span(this.docPointer(pointer)), pointer);
  }
}
