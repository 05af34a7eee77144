/**
 * The service's check of a job's `filter` string (spec 4.3, 8): JSON with one `where` member holding a
 * criterion or an and/or group, keys of the job's dataset, operators their type allows, the value's
 * JSON type, and the size limits. Like the service, it answers with messages, not a rewrite.
 */
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, LIST_OPERATORS, OPERATOR_MATRIX, OPERATORS, utf8Length, type Dataset, type Field, type Operator, type TypeFamily } from '@logfilter/core';

export interface FilterLimits {
  maxBytes?: number;
  maxOperators?: number;
}

/** Deeper nesting than any filter within the limits can reach. */
const MAX_DEPTH = 64;

/** Problems with the filter, each `where: what`; empty when the filter is accepted. */
export function checkFilterString(text: string, dataset: Dataset, limits: FilterLimits = {}): string[] {
  const problems: string[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`filter is not valid JSON: ${(error as Error).message}`];
  }
  const bytes = utf8Length(text);
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes > maxBytes) problems.push(`filter is ${bytes} bytes, over the limit of ${maxBytes}`);
  if (!isObject(value) || Object.keys(value).length !== 1 || !('where' in value)) {
    problems.push('filter must be an object with one member, "where"');
    return problems;
  }
  const counter = { criteria: 0 };
  checkNode(value.where, '/where', dataset, problems, counter, 0);
  const maxOperators = limits.maxOperators ?? DEFAULT_MAX_OPERATORS;
  if (counter.criteria > maxOperators) problems.push(`filter has ${counter.criteria} operators, over the limit of ${maxOperators}`);
  return problems;
}

function checkNode(node: unknown, pointer: string, dataset: Dataset, problems: string[], counter: { criteria: number }, depth: number): void {
  if (depth > MAX_DEPTH) {
    problems.push(`filter at ${pointer}: nested deeper than ${MAX_DEPTH} groups`);
    return;
  }
  if (!isObject(node)) {
    problems.push(`filter at ${pointer}: expected a criterion or an and/or group`);
    return;
  }
  const members = Object.keys(node);
  if (members.length === 1 && (members[0] === 'and' || members[0] === 'or')) {
    const items = node[members[0]];
    if (!Array.isArray(items) || items.length === 0) problems.push(`filter at ${pointer}/${members[0]}: a group takes a non-empty array`);
    else items.forEach((item, index) => checkNode(item, `${pointer}/${members[0]}/${index}`, dataset, problems, counter, depth + 1));
    return;
  }
  const extra = members.filter((member) => member !== 'key' && member !== 'operator' && member !== 'value');
  if (extra.length > 0 || members.length !== 3) {
    problems.push(`filter at ${pointer}: a criterion has exactly the members key, operator and value${extra.length > 0 ? ` (unexpected: ${extra.join(', ')})` : ''}`);
    return;
  }
  counter.criteria++;
  checkCriterion(node, pointer, dataset, problems);
}

function checkCriterion(node: Record<string, unknown>, pointer: string, dataset: Dataset, problems: string[]): void {
  const field = typeof node.key === 'string' ? dataset.field(node.key) : undefined;
  if (!field) {
    problems.push(`filter at ${pointer}/key: ${JSON.stringify(node.key)} is not a field of dataset ${dataset.name}`);
    return;
  }
  if (!field.filterable) {
    problems.push(`filter at ${pointer}/key: field ${field.name} cannot be used in a filter`);
    return;
  }
  const operator = node.operator as Operator;
  if (!(OPERATORS as readonly unknown[]).includes(operator)) {
    problems.push(`filter at ${pointer}/operator: ${JSON.stringify(node.operator)} is not an operator`);
    return;
  }
  const families = familiesOf(field);
  if (!families.some((family) => OPERATOR_MATRIX[family].includes(operator))) {
    problems.push(`filter at ${pointer}/operator: ${operator} is not supported for field ${field.name} of type ${field.type}`);
    return;
  }
  checkValue(node.value, operator, field, `${pointer}/value`, problems);
}

function checkValue(value: unknown, operator: Operator, field: Field, pointer: string, problems: string[]): void {
  if (LIST_OPERATORS.has(operator)) {
    if (!Array.isArray(value) || value.length === 0) {
      problems.push(`filter at ${pointer}: ${operator} takes a non-empty JSON array${typeof value === 'string' ? `, not the string ${JSON.stringify(value)}` : ''}`);
      return;
    }
    const numeric = field.kind === 'int' || field.kind === 'float' || field.element === 'int' || field.element === 'float';
    if (numeric && !value.every((item) => typeof item === 'number')) problems.push(`filter at ${pointer}: field ${field.name} takes numbers in an ${operator} list (supported kinds: []uint64)`);
    else if (!numeric && !value.every((item) => typeof item === 'string' || typeof item === 'number')) problems.push(`filter at ${pointer}: the ${operator} list holds strings`);
    return;
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    problems.push(`filter at ${pointer}: ${operator} takes one string, number or boolean value`);
  }
}

function familiesOf(field: Field): TypeFamily[] {
  switch (field.kind) {
    case 'int':
    case 'float':
      return ['int'];
    case 'bool':
      return ['bool'];
    case 'array':
      return ['array'];
    case 'int or string':
      return ['int', 'string'];
    default:
      return ['string'];
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
