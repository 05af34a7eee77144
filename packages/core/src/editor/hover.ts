/** Hover: what the word under the cursor is — a field's type and description, an operator's meaning. */
import { didYouMean } from '../base/messages.js';
import { optionsOf } from '../base/arguments.js';
import type { Field } from '../language/catalog.js';
import { resolveDataset, type DatasetOptions } from '../language/datasets.js';
import { factsOf, OPERATOR_LIST, operatorFromSpelling } from '../language/operators.js';
import { scan, type ScannedToken, type TokenRole } from './scan.js';
import { valueFacts } from '../language/field-types.js';
import { canonicalNumber } from '../language/values.js';

export interface Hover {
  /** The token hovered, as UTF-16 offsets (half-open). */
  from: number;
  to: number;
  kind: TokenRole;
  /** One line: `ClientCountry: string`, `geq: greater than or equal`. */
  title: string;
  /** More text, when there is some: the field's description, notes on spelling. */
  text?: string;
}

const KEYWORDS: Record<string, { title: string; text: string }> = {
  and: { title: 'AND', text: 'both sides must match; binds tighter than OR' },
  or: { title: 'OR', text: 'either side may match' },
  not: { title: 'NOT', text: 'negates what follows; binds tighter than AND and OR' },
  '!': { title: 'NOT', text: "'!' is NOT: negates what follows" },
  '&&': { title: 'AND', text: "'&&' is AND: both sides must match" },
  '||': { title: 'OR', text: "'||' is OR: either side may match" },
};

/** What to show for the token at `offset`, or undefined over whitespace, punctuation and comments. */
export function hover(text: string, offset: number, givenOptions: DatasetOptions = {}): Hover | undefined {
  if (typeof text !== 'string' || !Number.isInteger(offset)) return undefined;
  const options = optionsOf(givenOptions);
  const tokens = scan(text);
  const token = tokens.find((t) => t.start <= offset && offset < t.end) ?? tokens.find((t) => t.end === offset);
  if (!token) return undefined;
  const about = describe(token, options);
  if (!about) return undefined;
  const result: Hover = { from: token.start, to: token.end, kind: token.role, title: about.title };
  if (about.text) result.text = about.text;
  return result;
}

function describe(token: ScannedToken, options: DatasetOptions): { title: string; text?: string } | undefined {
  switch (token.role) {
    case 'field':
      return describeField(token.image, options);
    case 'operator':
      return describeOperator(token);
    case 'keyword':
      return KEYWORDS[token.image.toLowerCase()];
    case 'value':
      return describeValue(token, options);
    default:
      return undefined;
  }
}

function describeField(name: string, options: DatasetOptions): { title: string; text?: string } {
  const dataset = resolveDataset(options).dataset;
  const field = dataset?.field(name);
  if (!dataset) return { title: name };
  if (!field) {
    const sameLetters = dataset.fieldIgnoringCase(name);
    const guess = sameLetters?.name ?? dataset.suggest(name);
    return { title: `${name}: unknown field`, text: `not a field of ${dataset.name}${guess ? `; ${didYouMean(guess)}` : ''}` };
  }
  const notes = [field.description];
  if (!field.filterable) notes.push('the service does not filter on this field');
  if (field.deprecated) notes.push('deprecated');
  return { title: `${field.name}: ${field.type}`, text: notes.filter(Boolean).join('. ') || undefined };
}

function describeOperator(token: ScannedToken): { title: string; text?: string } {
  const operator = token.operator;
  if (!operator) {
    return {
      title: `'${token.image}' is not an operator`,
      text: `operators are ${OPERATOR_LIST}`,
    };
  }
  const written = operatorFromSpelling(token.image) === operator ? token.image : undefined;
  const alias = written !== undefined && written !== operator ? `'${written}' is written '${operator}' in the output` : undefined;
  return { title: `${operator}: ${factsOf(operator).meaning}`, text: alias };
}

function describeValue(token: ScannedToken, options: DatasetOptions): { title: string; text?: string } {
  const field: Field | undefined = token.field !== undefined ? resolveDataset(options).dataset?.field(token.field) : undefined;
  const quoted = token.image.startsWith('"') || token.image.startsWith("'");
  if (!field) return { title: quoted ? 'a string' : 'a value' };
  const facts = valueFacts(field);
  const number = quoted ? undefined : canonicalNumber(token.image);
  const readAs = facts.numeric
    ? number
      ? `the number ${number.text}`
      : `not ${facts.what}`
    : facts.reads === 'boolean'
      ? 'a boolean'
      : facts.reads === 'integer or text' && number?.integral
        ? `the number ${number.text}`
        : 'a string';
  return { title: `value of ${field.name} (${field.type})`, text: `read as ${readAs}` };
}
