/**
 * The language service: what an editor asks on every keystroke. Completion and hover read the
 * tokens (they must work on text that does not parse yet); diagnostics are the compiler's own.
 */
import { optionsOf } from '../base/arguments.js';
import type { Dataset, Field } from '../language/catalog.js';
import { compile, type CompileOptions } from '../compile.js';
import type { Diagnostic } from '../base/diagnostics.js';
import { allowedOperators } from '../language/field-types.js';
import { quoteValue } from '../syntax/print.js';
import { fieldValues } from '../language/field-values.js';
import { And, DoubleQuoted, Identifier, lex, Not, Or, SingleQuoted, Word, type Token, type TokenType } from '../syntax/lex.js';
import { factsOf, OPERATORS, type Operator } from '../language/operators.js';
import { initialState, step, type Expectation, type ScanState } from './scan.js';
import { resolveDataset } from '../language/datasets.js';

/** Which dataset to work against, and the limits: the same options as `compile`. */
export type LanguageServiceOptions = CompileOptions;

/** Formatting is part of what an editor asks for: the canonical text of a filter. */

export type CompletionKind = 'field' | 'operator' | 'keyword' | 'value' | 'punctuation';

export interface CompletionItem {
  /** Shown in the list and inserted when accepted. */
  label: string;
  kind: CompletionKind;
  /** One short line beside the label: a field's type, an operator's meaning. */
  detail?: string;
  /** A longer text: a field's description. */
  info?: string;
  /** Higher sorts first among equally good matches (fields 0, keywords -1, deprecated fields -2). */
  boost: number;
}

export interface Completions {
  /** The text from `from` to `to` (the word at the cursor, if any) is what an item replaces. */
  from: number;
  to: number;
  /** The word typed so far (text from `from` to the cursor); editors filter `items` by it. */
  prefix: string;
  /** What the grammar expects at the cursor. */
  expect: Expectation;
  /** Every candidate for this place, unfiltered (editors have their own fuzzy matching). */
  items: CompletionItem[];
}

const PREFIX_TOKENS = new Set<TokenType>([Identifier, Word, And, Or, Not, DoubleQuoted, SingleQuoted]);

/** Completions at `offset` (UTF-16) of `text`, which need not be a whole filter yet. */
export function complete(text: string, offset: number, givenOptions: LanguageServiceOptions = {}): Completions {
  if (typeof text !== 'string' || !Number.isInteger(offset)) return { from: 0, to: 0, prefix: '', expect: 'predicate', items: [] };
  const options = optionsOf(givenOptions);
  const { tokens, comments, errors } = lex(text);
  const none: Completions = { from: offset, to: offset, prefix: '', expect: 'predicate', items: [] };
  if (comments.some((c) => c.startOffset < offset && offset <= c.startOffset + c.image.length)) return none;

  const state = initialState();
  let prefixToken: Token | undefined;
  for (const token of tokens) {
    const end = token.startOffset + token.image.length;
    if (token.startOffset >= offset) break;
    if (end >= offset && PREFIX_TOKENS.has(token.tokenType)) {
      prefixToken = token;
      break;
    }
    step(state, token);
  }
  let from = prefixToken ? prefixToken.startOffset : offset;
  const to = prefixToken ? prefixToken.startOffset + prefixToken.image.length : offset;
  let quote = prefixToken && (prefixToken.tokenType === DoubleQuoted || prefixToken.tokenType === SingleQuoted) ? prefixToken.image[0] : undefined;
  // A string being typed is not closed yet, so the lexer reports its quote as an error.
  const openQuote = errors.find((e) => e.offset + e.length === from && (text[e.offset] === '"' || text[e.offset] === "'"));
  if (openQuote) {
    from = openQuote.offset;
    quote = text[from];
  }
  const dataset = resolveDataset(options).dataset;
  return { from, to, prefix: text.slice(from, offset), expect: state.expect, items: candidates(state, dataset, quote) };
}

function candidates(state: ScanState, dataset: Dataset | undefined, quote: string | undefined): CompletionItem[] {
  const field = state.field !== undefined ? dataset?.field(state.field) : undefined;
  switch (state.expect) {
    case 'predicate':
      return quote ? [] : [...fieldItems(dataset), keyword('NOT', 'negates what follows'), punctuation('(', 'a group')];
    case 'operator':
      return quote ? [] : operatorItems(operatorsFor(field));
    case 'negated-operator':
      return quote ? [] : negatedOperatorItems(operatorsFor(field), state.negation ?? '!');
    case 'operand': {
      if (state.operator === 'in' || state.operator === '!in') return quote ? [] : [punctuation('(', 'a list of values: (a, b)')];
      const values = field ? valueItems(field, [], quote) : [];
      return state.operator === undefined && !quote ? [punctuation('(', 'a list of values: (a, b)'), ...values] : values;
    }
    case 'list-item':
      return field ? valueItems(field, state.listValues, quote) : [];
    case 'list-separator':
      return [];
    case 'connective': {
      if (quote) return [];
      const items = [keyword('AND', 'both sides must match'), keyword('OR', 'either side may match')];
      if (state.depth > 0) items.push(punctuation(')', 'closes the group'));
      return items;
    }
  }
}

const fieldItemCache = new WeakMap<Dataset, CompletionItem[]>();

function fieldItems(dataset: Dataset | undefined): CompletionItem[] {
  if (!dataset) return [];
  let items = fieldItemCache.get(dataset);
  if (!items) {
    items = dataset.fields
      .filter((field) => field.filterable)
      .map((field) => ({
        label: field.name,
        kind: 'field' as const,
        detail: field.deprecated ? `${field.type}, deprecated` : field.type,
        info: field.description || undefined,
        boost: field.deprecated ? -2 : 0,
      }));
    fieldItemCache.set(dataset, items);
  }
  return items;
}

/** The operators the operator matrix allows on a field; all of them when the field is unknown or not filterable. */
export function operatorsFor(field: Field | undefined): readonly Operator[] {
  return field?.filterable ? allowedOperators(field) : OPERATORS;
}

function operatorItems(operators: readonly Operator[]): CompletionItem[] {
  return operators.map((op) => ({ label: op, kind: 'operator', detail: factsOf(op).meaning, boost: 0 }));
}

/** After `Field !` the word completes `!eq`, `!in`, ...; after `Field NOT` only in/contains/startsWith/endsWith. */
function negatedOperatorItems(operators: readonly Operator[], negation: '!' | 'not'): CompletionItem[] {
  return operators
    .filter((op) => op.startsWith('!') && (negation === '!' || op !== '!eq'))
    .map((op) => ({ label: op.slice(1), kind: 'operator', detail: factsOf(op).meaning, boost: 0 }));
}

function valueItems(field: Field, taken: readonly string[], quote: string | undefined): CompletionItem[] {
  return fieldValues(field)
    .filter((value) => !taken.includes(value))
    .map((value) => ({
      label: quoteValue(value, quote === "'" || quote === '"' ? quote : undefined, { literals: true }),
      kind: 'value',
      detail: `${field.name} value`,
      boost: 0,
    }));
}

function keyword(label: string, detail: string): CompletionItem {
  return { label, kind: 'keyword', detail, boost: -1 };
}

function punctuation(label: string, detail: string): CompletionItem {
  return { label, kind: 'punctuation', detail, boost: -1 };
}

/** The compiler's diagnostics for the text, each with its range: what an editor underlines. */
export function diagnostics(text: string, options: LanguageServiceOptions = {}): Diagnostic[] {
  return compile(text, options).diagnostics;
}
