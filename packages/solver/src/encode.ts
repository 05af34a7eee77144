/**
 * A compiled filter as a formula over one log record, with exactly `evaluate`'s meaning
 * (packages/core/src/output/evaluate.ts), for the solver to compare filters by meaning.
 *
 * Each field a filter names becomes variables by its catalog type: a presence flag (a missing field
 * fails every positive operator and passes every negated one), then a string, an integer (int fields:
 * 0..2^64-1, exact), a number on a decimal grid one digit finer than any constant of that field (float
 * fields: so a value between two constants exists, and no 1/3 is ever a witness; values of at most 15
 * significant digits, which a double holds and orders exactly, so the constants of one field, written
 * with the decimals of the finest of them, may have at most 13 digits: FLOAT_CONSTANT), a boolean, an
 * integer-or-text pair (`int or string` timestamps), or for arrays one boolean per constant the filters
 * mention (whether the array holds it: nothing else an array holds changes `contains` or `in`).
 * Operators are read from core's operator table; each kind of test is implemented once below.
 */
import {
  canonicalNumber,
  type Dataset,
  factsOf,
  type FilterObject,
  type FilterValue,
  type Comparison,
  operatorFromSpelling,
  type OperatorTest,
  isArrayField,
  type LiteralReading,
  valueFacts,
} from '@logfilter/core';
import type { Arith, Bool, Context, Seq } from 'z3-solver';

export type Z3 = Context<'main'>;

const UINT64_MAX = 18446744073709551615n;
/** 10^15: a float's grid value (its digits as one integer) stays below this, so it is exact as a double. */
const FLOAT_EXACT = 10n ** 15n;
/** Constants stay a digit below, so that past the largest (or smallest) one there is room for a witness. */
const FLOAT_CONSTANT = 10n ** 14n;

/** The record's value of one field, as the solver sees it. */
export type FieldModel =
  | { kind: 'text'; name: string; present: Bool; text: Seq }
  | { kind: 'number'; name: string; present: Bool; value: Arith; digits: number; integral: boolean }
  | { kind: 'boolean'; name: string; present: Bool; value: Bool }
  | { kind: 'intOrText'; name: string; present: Bool; isNumber: Bool; value: Arith; text: Seq }
  | { kind: 'array'; name: string; present: Bool; element: 'text' | 'number'; holds: Map<string, Bool> };

/** Why a filter cannot be encoded: a criterion the record's type makes meaningless to the service. */
export class NotModelled extends Error {}

/** A decimal text as an exact fraction: `mantissa / 10^digits`. */
function decimal(text: string): { mantissa: bigint; digits: number } | undefined {
  const number = canonicalNumber(text);
  if (!number) return undefined;
  const [whole, fraction = ''] = number.text.replace('-', '').split('.');
  const mantissa = BigInt(whole + fraction) * (number.text.startsWith('-') ? -1n : 1n);
  return { mantissa, digits: fraction.length };
}

function textOfValue(value: Constant): string {
  return String(value);
}

/** A filter value as the encoder reads it: read exactly (parseJsonExact), an integer past 2^53 is a bigint. */
type Constant = FilterValue | bigint;

/**
 * The numeric reading of a filter value, as evaluate's toTarget gives it (a number, an exact integer
 * past 2^53, or numeric text), as an exact fraction.
 */
function numberOfValue(value: Constant): { mantissa: bigint; digits: number } | undefined {
  if (typeof value === 'bigint') return { mantissa: value, digits: 0 };
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value))) return decimal(String(value));
  return undefined;
}

/** Keys of array constants: a number by its canonical text, a string as it is. */
function arrayKey(element: 'text' | 'number', value: Constant): string | undefined {
  if (element === 'text') return typeof value === 'string' ? value : String(value);
  const number = numberOfValue(value);
  return number === undefined ? undefined : canonicalNumber(String(value))!.text;
}

export class Encoder {
  readonly fields = new Map<string, FieldModel>();
  /** Most decimals of the constants of each number field, and the constant that has them (as written). */
  private readonly decimals = new Map<string, number>();
  private readonly finest = new Map<string, string>();
  private readonly constants = new Map<string, Set<string>>();
  /** Fields some filter compares (lt, leq, gt, geq): the only tests that read numeric text as a number. */
  private readonly compared = new Set<string>();
  /** Facts that hold of every record (the ranges of types); added to every question. */
  readonly domain: Bool[] = [];

  constructor(
    private readonly z: Z3,
    private readonly dataset: Dataset,
  ) {}

  /** Looks at every constant first, so grids and array constants cover all filters compared. */
  collect(node: FilterObject): void {
    if ('and' in node || 'or' in node) {
      for (const member of ('and' in node ? node.and : node.or) as FilterObject[]) this.collect(member);
      return;
    }
    const { key, operator, value } = node as { key: string; operator: string; value: FilterValue };
    const known = operatorFromSpelling(operator);
    if (known && factsOf(known).comparison !== undefined) this.compared.add(key);
    for (const one of (Array.isArray(value) ? value : [value]) as Constant[]) {
      const number = numberOfValue(one);
      if (number && number.digits > (this.decimals.get(key) ?? -1)) {
        this.finest.set(key, String(one));
        this.decimals.set(key, number.digits);
      }
      let set = this.constants.get(key);
      if (!set) this.constants.set(key, (set = new Set()));
      // Numbers by their exact text (a bigint past 2^53 keeps every digit), strings as they are.
      set.add(typeof one === 'number' || typeof one === 'bigint' ? `n:${String(one)}` : `s:${String(one)}`);
    }
  }

  encode(node: FilterObject): Bool {
    const z = this.z;
    if ('and' in node) return z.And(...(node.and as FilterObject[]).map((member) => this.encode(member)));
    if ('or' in node) return z.Or(...(node.or as FilterObject[]).map((member) => this.encode(member)));
    const { key, operator: spelling, value } = node as { key: string; operator: string; value: Constant };
    const operator = operatorFromSpelling(spelling);
    if (!operator) throw new NotModelled(`unknown operator '${spelling}'`);
    const facts = factsOf(operator);
    const field = this.field(key);
    // A negated operator is its positive's test, inverted; a missing field fails every positive test.
    const positive = factsOf(facts.negated ? facts.negation : operator);
    const test = z.And(field.present, this.test(field, positive.test, positive.comparison, value));
    return facts.negated ? z.Not(test) : test;
  }

  /** The positive test of a present field: one implementation per kind of test of the operator table. */
  private test(field: FieldModel, test: OperatorTest, comparison: Comparison | undefined, value: Constant | Constant[]): Bool {
    const z = this.z;
    const values = Array.isArray(value) ? value : [value];
    switch (test) {
      case 'equal':
        return this.equals(field, value as Constant);
      case 'member':
        return z.Or(...values.map((one) => this.equals(field, one)));
      case 'compare':
        return this.compare(field, comparison!, value as Constant);
      case 'prefix':
        return this.onText(field, (text) => this.text(textOfValue(value as Constant)).prefixOf(text));
      case 'suffix':
        return this.onText(field, (text) => this.text(textOfValue(value as Constant)).suffixOf(text));
      case 'contains':
        if (field.kind === 'array') return this.holds(field, value as Constant);
        return this.onText(field, (text) => text.contains(this.text(textOfValue(value as Constant))));
    }
  }

  /** evaluate's `equals`: a string field equal to the value's text, a number to its number, a boolean to its truth. */
  private equals(field: FieldModel, value: Constant): Bool {
    const z = this.z;
    switch (field.kind) {
      case 'text':
        return field.text.eq(this.text(textOfValue(value as Constant)));
      case 'number':
        return this.numberTest(field, '==', value);
      case 'boolean': {
        const truth = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
        return truth === undefined ? z.Bool.val(false) : truth ? field.value : z.Not(field.value);
      }
      case 'intOrText': {
        const number = numberOfValue(value);
        const asNumber = number && number.digits === 0 ? z.And(field.isNumber, field.value.eq(z.Int.val(number.mantissa))) : z.Bool.val(false);
        return z.Or(asNumber, z.And(z.Not(field.isNumber), field.text.eq(this.text(textOfValue(value as Constant)))));
      }
      case 'array':
        return this.holds(field, value);
    }
  }

  /** A string constant as Z3 reads a literal: printable ASCII as it is, every other UTF-16 code unit as `\u{...}`. */
  private text(value: string): Seq {
    let literal = '';
    for (let i = 0; i < value.length; i++) {
      const unit = value.charCodeAt(i);
      literal += unit >= 0x20 && unit < 0x7f && unit !== 0x5c ? value[i] : `\\u{${unit.toString(16)}}`;
    }
    return this.z.String.val(literal);
  }

  private holds(field: FieldModel & { kind: 'array' }, value: Constant): Bool {
    const key = arrayKey(field.element, value);
    return key === undefined ? this.z.Bool.val(false) : (field.holds.get(key) ?? this.z.Bool.val(false));
  }

  private compare(field: FieldModel, comparison: Comparison, value: Constant): Bool {
    const z = this.z;
    if (field.kind === 'number') return this.numberTest(field, comparison, value);
    if (field.kind === 'intOrText') {
      const number = numberOfValue(value);
      if (!number) return z.Bool.val(false);
      const scaled = (arith: Arith) => relation(z, arith.mul(z.Int.val(10n ** BigInt(number.digits))), comparison, z.Int.val(number.mantissa));
      // Numeric text is read as its number (the domain keeps such text to digits only).
      const text = z.And(z.Not(field.isNumber), z.InRe(field.text, digits(z)), scaled(field.text.toInt()));
      return z.Or(z.And(field.isNumber, scaled(field.value)), text);
    }
    throw new NotModelled(`'${field.name}' is not a number field: comparing it is not modelled`);
  }

  /** `value <op> constant` on the field's grid, exactly. */
  private numberTest(field: FieldModel & { kind: 'number' }, op: '==' | '<' | '<=' | '>' | '>=', value: Constant): Bool {
    const z = this.z;
    const number = numberOfValue(value);
    if (!number) return z.Bool.val(false);
    const { mantissa, digits } = number;
    if (!field.integral) {
      // A float record value is a double: decimals of at most 15 significant digits keep their order and
      // equality as doubles (each reads back as itself), so the grid is held to those; beyond, no model.
      const scaled = mantissa * 10n ** BigInt(field.digits - digits);
      if (scaled >= FLOAT_CONSTANT || -scaled >= FLOAT_CONSTANT) throw new NotModelled(this.tooFine(field, String(value), mantissa * 10n));
      return relation(z, field.value, op, z.Int.val(scaled));
    }
    if (digits <= field.digits) return relation(z, field.value, op, z.Int.val(mantissa * 10n ** BigInt(field.digits - digits)));
    return relation(z, field.value.mul(z.Int.val(10n ** BigInt(digits - field.digits))), op, z.Int.val(mantissa));
  }

  /**
   * Why a float constant is not modelled, naming the constant that causes it: the constant itself when
   * it alone (with the one digit finer the grid adds) needs more digits than modelled, else the finest
   * constant of the field, whose decimals set the grid that `written` does not fit on.
   */
  private tooFine(field: FieldModel & { kind: 'number' }, written: string, alone: bigint): string {
    const limit =
      'the model holds the constants of one float field to 13 digits in all, written with the decimals of the finest of them, so that a value between two of them still has at most the 15 significant digits a double holds exactly';
    const finest = this.finest.get(field.name);
    if (alone >= FLOAT_CONSTANT || -alone >= FLOAT_CONSTANT || finest === undefined || finest === written)
      return `'${field.name}' is compared with ${written}: a float with more significant digits than a double holds exactly (${limit})`;
    return `'${field.name}' is compared with ${finest}, whose ${field.digits - 1} decimals put ${written} past the digits modelled: a float with more significant digits than a double holds exactly (${limit})`;
  }

  /** A text test on the value's text (a number as written). */
  private onText(field: FieldModel, test: (text: Seq) => Bool): Bool {
    const z = this.z;
    if (field.kind === 'text') return test(field.text);
    if (field.kind === 'intOrText') return z.Or(z.And(field.isNumber, test(z.String.fromInt(field.value))), z.And(z.Not(field.isNumber), test(field.text)));
    throw new NotModelled(`'${field.name}' holds no text: a text test on it is not modelled`);
  }

  /** A scalar field's variables, by how its values read (core's value-type table): a new reading is a type error here. */
  private readonly scalarModels: Readonly<Record<LiteralReading, (name: string, present: Bool) => FieldModel>> = {
    text: (name, present) => ({ kind: 'text', name, present, text: this.z.String.const(name) }),
    integer: (name, present) => {
      const value = this.z.Int.const(name);
      this.domain.push(value.ge(0), value.le(this.z.Int.val(UINT64_MAX)));
      return { kind: 'number', name, present, value, digits: 0, integral: true };
    },
    number: (name, present) => {
      const value = this.z.Int.const(name);
      // Witnesses of at most 15 significant digits: doubles that JSON.parse reads as exactly that decimal.
      this.domain.push(value.gt(this.z.Int.val(-FLOAT_EXACT)), value.lt(this.z.Int.val(FLOAT_EXACT)));
      return { kind: 'number', name, present, value, digits: (this.decimals.get(name) ?? 0) + 1, integral: false };
    },
    boolean: (name, present) => ({ kind: 'boolean', name, present, value: this.z.Bool.const(name) }),
    'integer or text': (name, present) => {
      const z = this.z;
      const value = z.Int.const(`${name}#`);
      const text = z.String.const(name);
      const isNumber = z.Bool.const(`${name}#?`);
      this.domain.push(value.ge(0), value.le(z.Int.val(UINT64_MAX)));
      // Comparisons read numeric text as its number; the model reads digits only, so where the field is
      // compared, other numeric text (`-5`, `1.5`) is outside the model. Elsewhere text is only text.
      if (this.compared.has(name)) this.domain.push(z.Or(isNumber, z.Not(z.InRe(text, numericNotDigits(z)))));
      return { kind: 'intOrText', name, present, isNumber, value, text };
    },
  };

  private field(name: string): FieldModel {
    const known = this.fields.get(name);
    if (known) return known;
    const z = this.z;
    const catalogField = this.dataset.field(name);
    if (!catalogField) throw new NotModelled(`unknown field '${name}' in dataset ${this.dataset.name}`);
    const present = z.Bool.const(`${name}?`);
    const facts = valueFacts(catalogField);
    let model: FieldModel;
    if (isArrayField(catalogField)) {
      const element = facts.numeric ? 'number' : 'text';
      const holds = new Map<string, Bool>();
      for (const constant of this.constants.get(name) ?? []) {
        // A number's text is read exactly as numeric text (Number() would round past 2^53).
        const key = arrayKey(element, constant.slice(2));
        // Named by position, not by the key: Z3 reads a name as a C string, so keys that differ
        // only after a NUL ("\u0000" and "\u0000x") would name one constant.
        if (key !== undefined && !holds.has(key)) holds.set(key, z.Bool.const(`${name}[${holds.size}]`));
      }
      model = { kind: 'array', name, present, element, holds };
    } else model = this.scalarModels[facts.reads](name, present);
    this.fields.set(name, model);
    return model;
  }
}

function relation(z: Z3, left: Arith, op: '==' | '<' | '<=' | '>' | '>=', right: Arith): Bool {
  switch (op) {
    case '==':
      return left.eq(right);
    case '<':
      return left.lt(right);
    case '<=':
      return left.le(right);
    case '>':
      return left.gt(right);
    case '>=':
      return left.ge(right);
  }
  return z.Bool.val(false);
}

function digits(z: Z3) {
  return z.Plus(z.Range('0', '9'));
}

/** Text evaluate reads as a number other than plain digits (`-5`, `1.5`): outside the modelled domain of an integer-or-text value's text. */
function numericNotDigits(z: Z3) {
  const d = digits(z);
  const fraction = z.ReConcat(z.Re.toRe('.'), d);
  return z.Union(z.ReConcat(z.Re.toRe('-'), d, z.Option(fraction)), z.ReConcat(d, fraction));
}
