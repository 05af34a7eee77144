/**
 * The whole message table, its two parts joined; tsc checks here that every diagnostic code has an
 * entry in exactly one part. Front ends and tests read it; the stages import only their part.
 */
import type { DiagnosticCode } from './codes.js';
import { FILTER_MESSAGES } from './filter-messages.js';
import { JSON_MESSAGES } from './json-messages.js';
import type { MessageTable } from './messages.js';

/**
 * The codes whose stages still word them in place (by `bag.error(code, where, message, hint)`), not
 * yet moved to the table: each has an empty entry here, so that the table stays complete, and leaves
 * this list when its messages move to a part.
 */
const CODES_WORDED_IN_PLACE = [
  'unexpected-character',
  'unexpected-token',
  'expected-field',
  'expected-operator',
  'expected-value',
  'unclosed-paren',
  'redundant',
  'filter-too-large',
  'too-many-operators',
  'invalid-argument',
  'too-many-diagnostics',
  'internal-error',
  'invalid-json',
  'wrong-type',
  'missing-member',
  'unknown-member',
  'unknown-document',
  'no-filter',
  'several-filters',
  'missing-where',
  'not-a-filter',
  'expected-object',
  'expected-array',
  'mixed-group',
  'group-with-criterion',
  'empty-node',
  'empty-group',
  'wrong-json-type',
  'wrong-value-type',
  'invalid-rule',
  'wrong-kind',
  'wrong-action',
  'wrong-expression',
  'rule-disabled',
  'no-custom-fields',
  'raw-and-transformed',
  'header-not-logged',
  'duplicate-ruleset',
  'service-error',
  'wrong-phase',
  'duplicate-custom-field',
  'too-many-custom-fields',
  'empty-field-name',
  'invalid-header-name',
  'invalid-cookie-name',
  'header-not-lower-case',
  'unknown-option',
  'duplicate-option',
  'empty-option',
  'invalid-option-value',
  'empty-fields',
  'duplicate-field',
  'option-without-value',
  'custom-field-not-listed',
  'not-a-job',
  'deprecated-member',
  'dataset-disagrees',
  'invalid-name',
  'name-too-long',
  'invalid-destination',
  'out-of-range',
  'invalid-kind',
  'edge-with-limit',
  'output-options-win',
  'fixed-member',
  'not-formatted',
  'invalid-hcl',
  'not-checked',
  'argument-is-a-file',
  'document-too-large',
] as const satisfies readonly DiagnosticCode[];

type Pending = { readonly [C in (typeof CODES_WORDED_IN_PLACE)[number]]: Record<string, never> };
const PENDING = Object.fromEntries(CODES_WORDED_IN_PLACE.map((code) => [code, {}])) as Pending;

type Overlap = (keyof typeof FILTER_MESSAGES & keyof typeof JSON_MESSAGES) | (keyof Pending & (keyof typeof FILTER_MESSAGES | keyof typeof JSON_MESSAGES));

/** Every code's messages, by message id. */
export const MESSAGES: Required<MessageTable> & Record<Overlap, never> = { ...PENDING, ...FILTER_MESSAGES, ...JSON_MESSAGES };
