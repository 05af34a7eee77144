/**
 * What each diagnostic code means, in one sentence: the rule descriptions of SARIF logs and any
 * other tool that lists the codes. The message and hint of each diagnostic say the particulars.
 */
import type { DiagnosticCode } from './codes.js';

let made: Readonly<Record<DiagnosticCode, string>> | undefined;

/**
 * The table, made when first asked for: a CLI compile that reports nothing never asks (making it is
 * a fiftieth of that run's start-up). Every code has one: a new code without a description does not compile.
 */
function codeDescriptions(): Readonly<Record<DiagnosticCode, string>> {
  made ??= {
    'empty-filter': 'The filter text is empty or only comments: a filter needs at least one criterion.',
    'unexpected-character': 'A character that no part of the filter language uses.',
    'unterminated-string': 'A quoted value is not closed before the end of the line or text.',
    'invalid-escape': 'A backslash in a quoted value is followed by a character it cannot escape.',
    'unexpected-token': 'A word or symbol where the grammar expects something else.',
    'expected-field': 'A field name (or an opening parenthesis) is expected here.',
    'expected-operator': 'An operator (eq, in, contains, ...) is expected after the field name.',
    'expected-value': 'A value (or a parenthesised list of values) is expected after the operator.',
    'unclosed-paren': 'An opening parenthesis has no matching closing one.',
    'nesting-too-deep': 'Groups are nested deeper than the limit.',
    'unknown-dataset': 'The dataset is not in the catalog.',
    'unknown-field': 'The field is not a field of the dataset.',
    'unknown-operator': 'The word is not an operator of the filter language.',
    'field-not-filterable': 'The service delivers this field but does not filter on it.',
    'operator-not-allowed': "The operator cannot be used with the field's type.",
    'expected-list': 'The operator (in, !in) takes a list of values.',
    'expected-scalar': 'The operator takes one value, not a list.',
    'empty-list': 'A list of values is empty.',
    'invalid-value': "The value is not of the field's type.",
    'quoted-number': 'A number is written as a quoted string where the field takes a number.',
    'quoted-boolean': 'A boolean is written as a quoted string where the field takes true or false.',
    'deprecated-operator': 'An old spelling of an operator that still works.',
    'deprecated-field': 'The field is deprecated: the service may stop filling it.',
    'int-out-of-range': 'An integer is outside the range the service accepts (unsigned 64-bit).',
    'never-matches': 'The criterion (or group) can never be true, so the filter drops what it guards.',
    'always-matches': 'The criterion (or group) is always true, so it filters nothing.',
    redundant: 'The criterion is implied by the others of its group (AND), or implies one of them (OR): removing it changes nothing.',
    'value-case': "The value's letter case differs from how the service writes this field's values.",
    'not-a-timestamp': 'A value compared with a timestamp field does not read as a timestamp.',
    'not-a-wildcard': 'A text value starts or ends with *, which the service compares as a character, not as a wildcard.',
    'not-an-address': 'A network (address/prefix) compared with a field that holds one IP address, which never holds a network.',
    'filter-too-large': "The filter JSON is larger than the service's size limit.",
    'too-many-operators': "The filter has more operators than the service's limit.",
    'invalid-json': 'The input is not valid JSON.',
    'wrong-type': 'A custom-field rule or one of its members has the wrong JSON type.',
    'missing-member': 'A required member of a JSON object is missing.',
    'unknown-member': 'A JSON object has a member the format does not define.',
    'unknown-document': 'The JSON document is not a filter, a job or an API answer holding one.',
    'no-filter': 'The input holds no filter.',
    'several-filters': 'The input holds more than one filter: say which one.',
    'missing-where': 'The filter object has no "where" member.',
    'not-a-filter': 'The value is not a filter object.',
    'expected-object': 'A JSON object is expected here.',
    'expected-array': 'A JSON array is expected here.',
    'mixed-group': 'A group mixes "and" and "or" in one object.',
    'group-with-criterion': 'An object is both a group and a criterion.',
    'empty-node': 'A filter node has neither a criterion nor a group.',
    'empty-group': 'A group ("and" or "or") has no members.',
    'wrong-json-type': 'A JSON value has the wrong type (for example a number where a string is required).',
    'wrong-value-type': "A criterion's value has the wrong JSON type for the field.",
    'invalid-rule': 'A custom-field rule is not of the shape the service takes.',
    'wrong-kind': "The custom-fields ruleset is not of kind 'zone'.",
    'wrong-action': "A custom-field rule's action is not log_custom_field.",
    'wrong-expression': 'A custom-field rule\'s expression is not "true".',
    'rule-disabled': 'The custom-fields rule is disabled, so its fields are not logged.',
    'no-custom-fields': 'No custom fields are configured for the zone.',
    'raw-and-transformed': "The same header is listed in two of a rule's header lists.",
    'header-not-logged': 'The service does not log this request header as a custom field.',
    'duplicate-ruleset': 'A second zone ruleset for the custom-fields phase: a zone has at most one.',
    'service-error': 'The service answered with an error.',
    'wrong-phase': 'The ruleset is not of the custom-fields phase.',
    'duplicate-custom-field': 'A custom field is listed twice.',
    'too-many-custom-fields': 'More custom fields than the service allows.',
    'empty-field-name': "A custom field's name is empty.",
    'invalid-header-name': 'A header name holds characters HTTP header names cannot.',
    'invalid-cookie-name': 'A cookie name holds characters cookie names cannot.',
    'header-not-lower-case': 'A header name is not in lower case.',
    'unknown-option': 'A job option the service does not know.',
    'duplicate-option': 'A job option is given twice.',
    'empty-option': 'A job option has no name.',
    'invalid-option-value': "A job option's value is not one the service takes.",
    'empty-fields': 'The list of fields to deliver is empty.',
    'duplicate-field': 'A field is listed twice in the fields to deliver.',
    'space-in-fields': 'The fields list holds a space; the service separates fields with commas only.',
    'option-without-value': 'A job option that takes a value has none.',
    'custom-field-not-listed': "The zone logs custom fields, but the field that carries them is not in the job's fields.",
    'custom-field-not-configured': 'The job delivers a custom field that is not configured for the zone.',
    'not-a-job': 'The input is not a job, a create body or an API answer holding jobs.',
    'deprecated-member': 'A job member is deprecated.',
    'dataset-disagrees': "The job's own dataset differs from the one given on the command line.",
    'wrong-scope': 'The dataset belongs to the other scope (zone or account).',
    'invalid-name': 'The job name holds characters the service does not allow.',
    'name-too-long': 'The job name is longer than the service allows.',
    'invalid-destination': 'The destination_conf is not a destination the service can deliver to.',
    'out-of-range': 'A number is outside the range the service accepts.',
    'invalid-kind': "The job's kind is not one the service takes for this dataset.",
    'edge-with-limit': 'A job of kind "edge" sets an upload limit it cannot take.',
    'output-options-win': 'The job has output_options and logpull_options: output_options wins.',
    'fixed-member': 'A job member that cannot change once the job exists.',
    'not-formatted': 'The file is not in the canonical form the formatter prints.',
    'invalid-hcl': 'The Terraform file is not valid HCL.',
    'not-checked': 'A filter that could not be checked, with why (a value known only when Terraform plans or applies).',
    'argument-is-a-file': 'The filter argument is the name of a file: read it with -f.',
    'invalid-argument': 'An argument of a library call has the wrong type.',
    'too-many-diagnostics': 'More diagnostics than are reported: the rest are left out.',
    'document-too-large': 'The document is far larger than any filter: an editor analyses documents up to a size.',
    'input-too-large': 'The input is far larger than anything the service takes, and is refused before it is read.',
    'internal-error': 'logfilter failed on this input: a bug to report.',
  };
  return made;
}

/** What each code means (a bundle that never reads it leaves it out, and never makes it). */
export const CODE_DESCRIPTIONS: Readonly<Record<DiagnosticCode, string>> = /* @__PURE__ */ codeDescriptions();

/** The description of `code`, or its words when it has none (or is not a core code). */
export function describeCode(code: string): string {
  const words = code.replace(/-/g, ' ');
  return codeDescriptions()[code as DiagnosticCode] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}
